import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { MERCHANT_SIGN_IN } from "../merchants/authenticate-merchant-user";
import { merchantUsers } from "../merchants/schema";
import { authenticateAs } from "./authenticate";
import type { SignInKind } from "./kind";
import { LOCK_DURATION_MS, LOCKOUT_THRESHOLD } from "./lockout";
import { hashPassword } from "./password-hash";
import { newRecoveryCodes, useRecoveryCode } from "./recovery-codes";
import { newSession, renewedSession } from "./sessions";
import { newTotpSecret, totpCodeAt, totpEnrolmentUri, verifyTotp } from "./totp";

class Refused extends Error {}

// A third kind plugged in by configuration only: the merchant users' table, its own words, an
// absolute session end and a required second factor (as staff will be).
const STAFF_LIKE: SignInKind<typeof merchantUsers.$inferSelect> = {
  ...MERCHANT_SIGN_IN,
  name: "staff",
  refusal: (reason) => new Refused(reason),
  sessions: { idleMs: 30 * 60_000, absoluteMs: 8 * 3_600_000 },
  rateLimits: { signIn: "merchantLogin" },
  secondFactor: "required",
};

const HOUR = 3_600_000;
let database: TestDatabase;
const clock = new ManualClock("2026-03-02T10:00:00Z");
const PASSWORD = "back office key";

beforeAll(async () => {
  database = await createTestDatabase();
  const { merchant } = await insertCatalogBasics(database.db);
  await database.db
    .insert(merchantUsers)
    .values({ merchantId: merchant.id, email: "ops@example.com", name: "Ops", passwordHash: await hashPassword(PASSWORD), createdAt: clock.now() });
});
afterAll(() => database?.dispose());

const attempt = (password: string, email = "ops@example.com") =>
  authenticateAs(STAFF_LIKE, database.db, clock, { email, password, scope: undefined }).then(
    (account) => account.email,
    (error: unknown) => (error instanceof Refused ? error.message : error),
  );

describe("password check for any kind", () => {
  it("refuses unknown emails and wrong passwords alike, locks after the threshold even for the right password, and opens when the lock ends", async () => {
    expect(await attempt(PASSWORD, "nobody@example.com")).toBe("invalid");
    expect(await attempt(PASSWORD)).toBe("ops@example.com");
    for (let failure = 1; failure < LOCKOUT_THRESHOLD; failure++) expect(await attempt("wrong password")).toBe("invalid");
    expect(await attempt("wrong password")).toBe("locked");
    expect(await attempt(PASSWORD)).toBe("locked");
    clock.advance(LOCK_DURATION_MS + 1);
    expect(await attempt(PASSWORD)).toBe("ops@example.com");
  });
});

describe("session lifetimes", () => {
  it("renews on activity at most hourly and never past the absolute end", () => {
    const start = new Date("2026-03-02T10:00:00Z");
    const { row } = newSession(STAFF_LIKE.sessions, start);
    expect(row.expiresAt.getTime() - start.getTime()).toBe(30 * 60_000);
    expect(renewedSession(STAFF_LIKE.sessions, row, new Date(start.getTime() + HOUR / 2))).toBeNull();
    const later = new Date(start.getTime() + 7.9 * HOUR);
    expect(renewedSession(STAFF_LIKE.sessions, { ...row, lastSeenAt: new Date(later.getTime() - 2 * HOUR) }, later)?.expiresAt).toEqual(
      new Date(start.getTime() + 8 * HOUR),
    );
    // Without an absolute end (shoppers, merchants) the idle lifetime alone counts; "remember me" has its own.
    const remembered = { idleMs: 86_400_000, rememberedIdleMs: 365 * 86_400_000 };
    expect(newSession(remembered, start, true).row.expiresAt.getTime() - start.getTime()).toBe(365 * 86_400_000);
  });
});

describe("TOTP second factor", () => {
  const secret = newTotpSecret();
  const at = (iso: string) => new Date(iso);

  it("gives an otpauth URI for enrolment", () => {
    expect(totpEnrolmentUri(secret, "Dealwise", "ops@example.com")).toMatch(
      /^otpauth:\/\/totp\/Dealwise:ops%40example\.com\?issuer=Dealwise&algorithm=SHA1&secret=[A-Z2-7]{32}&period=30&digits=6$/,
    );
  });

  it("accepts a code one step either side, refuses two steps off, and refuses a step used before", () => {
    const now = at("2026-03-02T10:00:45Z");
    const current = verifyTotp(secret, totpCodeAt(secret, now), now, null);
    expect(current.ok).toBe(true);
    const step = current.ok ? current.usedStep : 0;
    expect(verifyTotp(secret, totpCodeAt(secret, at("2026-03-02T10:00:15Z")), now, null)).toEqual({ ok: true, usedStep: step - 1 });
    expect(verifyTotp(secret, totpCodeAt(secret, at("2026-03-02T10:01:15Z")), now, null)).toEqual({ ok: true, usedStep: step + 1 });
    expect(verifyTotp(secret, totpCodeAt(secret, at("2026-03-02T09:59:45Z")), now, null)).toEqual({ ok: false, reason: "invalid" });
    expect(verifyTotp(secret, totpCodeAt(secret, now), now, step)).toEqual({ ok: false, reason: "reused" });
    expect(verifyTotp(secret, totpCodeAt(secret, at("2026-03-02T10:00:15Z")), now, step)).toEqual({ ok: false, reason: "reused" });
    // The next step's code is still good after this one was used.
    expect(verifyTotp(secret, totpCodeAt(secret, at("2026-03-02T10:01:15Z")), now, step)).toEqual({ ok: true, usedStep: step + 1 });
    expect(verifyTotp(secret, "12345", now, null)).toEqual({ ok: false, reason: "invalid" });
  });
});

describe("recovery codes", () => {
  it("stores only argon2id hashes and lets each code work once", async () => {
    const { codes, hashes } = await newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(hashes.every((stored) => stored.startsWith("$argon2id$"))).toBe(true);
    const left = await useRecoveryCode(hashes, ` ${codes[3].toUpperCase()} `);
    expect(left).toHaveLength(9);
    expect(await useRecoveryCode(left ?? [], codes[3])).toBeNull();
    expect(await useRecoveryCode(left ?? [], codes[4])).toHaveLength(8);
  });
});
