/**
 * Staff as a kind of user: invitation (single use, expiring, link from the configured origin),
 * password sign-in with lockout and disabled accounts refused, TOTP enrolment and the second
 * factor (a code never twice, recovery codes once), and session lifetimes (30 minutes idle, 12 hours).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertStaffMember } from "../../tests/support/staff-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { outboxMessages } from "../mail/schema";
import { decodeBase32 } from "../sign-in/base32";
import { totpCodeAt } from "../sign-in/totp";
import { acceptStaffInvitation, findStaffInvitation } from "./accept-invitation";
import { createOwner } from "./create-owner";
import { disableStaff } from "./disable-staff";
import { confirmStaffTotp, newStaffTotpEnrolment } from "./enrol-totp";
import { inviteStaff, STAFF_INVITATION_LIFETIME_MS } from "./invite-staff";
import { searchAudit } from "../audit/search-audit";
import { resetStaffSecondFactor } from "./reset-second-factor";
import { checkStaffSecondFactor } from "./second-factor";
import { findStaffSession, passSecondFactor, revokeAllStaffSessions, startStaffSession } from "./staff-sessions";
import { authenticateStaff } from "./staff-sign-in";
import { staffUsers } from "./schema";

let database: TestDatabase;
const clock = new ManualClock("2026-11-28T09:00:00Z");
const ORIGIN = "https://www.wowcher.co.uk";
const OWNER = { staffUserId: null, name: "Command line", role: null };
const demoOff = { demo: false };

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

const tokenOf = (url: string) => decodeURIComponent(url.split("/admin/invitation/")[1]);

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
  return "accepted";
}

describe("invitations", () => {
  it("emails a link from the configured origin that sets the password once", async () => {
    const { db } = database;
    const invitation = await inviteStaff(db, clock, OWNER, { email: "Dana@Example.com", name: "Dana", role: "deal_manager", brand: "wowcher", linkOrigin: ORIGIN });
    expect(invitation.url.startsWith(`${ORIGIN}/admin/invitation/`)).toBe(true);
    const [mail] = await db.select().from(outboxMessages).where(eq(outboxMessages.to, "dana@example.com")).orderBy(outboxMessages.id);
    expect(mail.text).toContain(invitation.url);
    expect(await findStaffInvitation(db, clock, tokenOf(invitation.url))).toEqual({ name: "Dana", email: "dana@example.com" });

    await acceptStaffInvitation(db, clock, { token: tokenOf(invitation.url), password: "a long staff password" });
    expect(await findStaffInvitation(db, clock, tokenOf(invitation.url))).toBeNull();
    expect(await refusal(acceptStaffInvitation(db, clock, { token: tokenOf(invitation.url), password: "another long password" }))).toBe("INVITATION_EXPIRED");
    expect(await authenticateStaff(db, clock, { email: "dana@example.com", password: "a long staff password" }, demoOff)).toEqual({ staffUserId: invitation.staffUserId });
  });

  it("refuses a link after it expires, and an email already in use", async () => {
    const { db } = database;
    const invitation = await inviteStaff(db, clock, OWNER, { email: "late@example.com", name: "Late", role: "editor", brand: "wowcher", linkOrigin: ORIGIN });
    const later = new ManualClock(new Date(clock.now().getTime() + STAFF_INVITATION_LIFETIME_MS + 1));
    expect(await refusal(acceptStaffInvitation(db, later, { token: tokenOf(invitation.url), password: "a long staff password" }))).toBe("INVITATION_EXPIRED");
    expect(await refusal(inviteStaff(db, clock, OWNER, { email: "LATE@example.com", name: "Again", role: "editor", brand: "wowcher", linkOrigin: ORIGIN }))).toBe("EMAIL_TAKEN");
  });

  it("create-owner refuses while an active owner exists, unless forced", async () => {
    const { db } = database;
    await createOwner(db, clock, { email: "first-owner@example.com", name: "First", force: false, brand: "wowcher", linkOrigin: ORIGIN });
    expect(await refusal(createOwner(db, clock, { email: "second-owner@example.com", name: "Second", force: false, brand: "wowcher", linkOrigin: ORIGIN }))).toBe("OWNER_EXISTS");
    const forced = await createOwner(db, clock, { email: "second-owner@example.com", name: "Second", force: true, brand: "wowcher", linkOrigin: ORIGIN });
    expect(forced.url).toContain("/admin/invitation/");
  });
});

describe("password sign-in", () => {
  it("locks after five wrong passwords, refusing even the right one for 30 minutes", async () => {
    const { db } = database;
    await insertStaffMember(db, clock, { email: "lock@example.com", role: "editor", password: "the right password" });
    for (let i = 0; i < 4; i++) expect(await refusal(authenticateStaff(db, clock, { email: "lock@example.com", password: "wrong guess" }, demoOff))).toBe("INVALID_CREDENTIALS");
    expect(await refusal(authenticateStaff(db, clock, { email: "lock@example.com", password: "wrong guess" }, demoOff))).toBe("ACCOUNT_LOCKED");
    expect(await refusal(authenticateStaff(db, clock, { email: "lock@example.com", password: "the right password" }, demoOff))).toBe("ACCOUNT_LOCKED");
    const later = new ManualClock(new Date(clock.now().getTime() + 31 * 60_000));
    expect(await refusal(authenticateStaff(db, later, { email: "lock@example.com", password: "the right password" }, demoOff))).toBe("accepted");
  });

  it("refuses a disabled member and ends their sessions", async () => {
    const { db } = database;
    const owner = await insertStaffMember(db, clock, { email: "boss@example.com", role: "owner", password: "owner password" });
    const id = await insertStaffMember(db, clock, { email: "leaver@example.com", role: "finance", password: "leaver password" });
    const { token } = await startStaffSession(db, clock, id, null);
    await disableStaff(db, clock, { staffUserId: owner, name: "Boss", role: "owner" }, { staffUserId: id });
    expect(await findStaffSession(db, clock, token)).toBeNull();
    expect(await refusal(authenticateStaff(db, clock, { email: "leaver@example.com", password: "leaver password" }, demoOff))).toBe("ACCOUNT_DISABLED");
  });
});

describe("second factor", () => {
  it("enrols with a first code, then accepts each code once and each recovery code once", async () => {
    const { db } = database;
    const id = await insertStaffMember(db, clock, { email: "totp@example.com", role: "finance", password: "finance password" });
    const enrolment = newStaffTotpEnrolment("totp@example.com");
    expect(enrolment.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(enrolment.grouped.replace(/ /g, "")).toBe(enrolment.secret);
    const secret = decodeBase32(enrolment.grouped)!;
    expect(await refusal(confirmStaffTotp(db, clock, id, { secret: enrolment.secret, code: "000000" === totpCodeAt(secret, clock.now()) ? "111111" : "000000" }))).toBe("INVALID_CODE");
    const { recoveryCodes } = await confirmStaffTotp(db, clock, id, { secret: enrolment.secret, code: totpCodeAt(secret, clock.now()) });
    expect(recoveryCodes).toHaveLength(10);

    // The enrolment code's step is spent: the same code cannot sign in.
    expect(await refusal(checkStaffSecondFactor(db, clock, id, totpCodeAt(secret, clock.now())))).toBe("CODE_REUSED");
    clock.advance(30_000);
    const code = totpCodeAt(secret, clock.now());
    expect(await checkStaffSecondFactor(db, clock, id, code)).toBe("totp");
    expect(await refusal(checkStaffSecondFactor(db, clock, id, code))).toBe("CODE_REUSED");

    expect(await checkStaffSecondFactor(db, clock, id, recoveryCodes[0].toUpperCase())).toBe("recovery-code");
    expect(await refusal(checkStaffSecondFactor(db, clock, id, recoveryCodes[0]))).toBe("INVALID_CODE");
    expect(await checkStaffSecondFactor(db, clock, id, recoveryCodes[1])).toBe("recovery-code");
  });
});

describe("second-factor reset", () => {
  it("clears the authenticator, ends the sessions and sends a new link, audited; never on oneself", async () => {
    const { db } = database;
    const owner = { staffUserId: await insertStaffMember(db, clock, { email: "reset-owner@example.com", role: "owner" }), name: "Rita", role: "owner" as const };
    const id = await insertStaffMember(db, clock, { email: "lost-phone@example.com", role: "editor", password: "editor password" });
    const enrolment = newStaffTotpEnrolment("lost-phone@example.com");
    await confirmStaffTotp(db, clock, id, { secret: enrolment.secret, code: totpCodeAt(decodeBase32(enrolment.secret)!, clock.now()) });
    const { token } = await startStaffSession(db, clock, id, null);
    expect(await refusal(resetStaffSecondFactor(db, clock, { ...owner, staffUserId: id }, { staffUserId: id, brand: "wowcher", linkOrigin: ORIGIN }))).toBe("NOT_YOURSELF");

    const invitation = await resetStaffSecondFactor(db, clock, owner, { staffUserId: id, reason: "lost phone", brand: "wowcher", linkOrigin: ORIGIN });
    expect(await findStaffSession(db, clock, token)).toBeNull();
    const [member] = await db.select().from(staffUsers).where(eq(staffUsers.id, id));
    expect(member.totpEnrolledAt).toBeNull();
    expect(await findStaffInvitation(db, clock, tokenOf(invitation.url))).toEqual({ name: "lost-phone", email: "lost-phone@example.com" });
    const { events } = await searchAudit(db, { entityType: "staff_user", entityId: String(id) });
    expect(events.map((event) => [event.action, event.reason, event.actorName])).toEqual([["staff.second-factor-reset", "lost phone", "Rita"]]);
  });
});

describe("sessions", () => {
  it("end after 30 minutes without activity", async () => {
    const { db } = database;
    const id = await insertStaffMember(db, clock, { email: "idle@example.com", role: "analyst", password: "analyst password" });
    const at = new ManualClock(clock.now());
    const { token } = await startStaffSession(db, at, id, null);
    at.advance(29 * 60_000);
    expect(await findStaffSession(db, at, token)).not.toBeNull();
    at.advance(29 * 60_000);
    expect(await findStaffSession(db, at, token)).not.toBeNull();
    at.advance(31 * 60_000);
    expect(await findStaffSession(db, at, token)).toBeNull();
  });

  it("end 12 hours after sign-in however active, and everywhere at once on request", async () => {
    const { db } = database;
    const id = await insertStaffMember(db, clock, { email: "busy@example.com", role: "analyst", password: "analyst password" });
    const at = new ManualClock(clock.now());
    const { token, id: sessionId } = await startStaffSession(db, at, id, null);
    await passSecondFactor(db, at, sessionId);
    for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
      at.advance(20 * 60_000);
      expect(await findStaffSession(db, at, token)).not.toBeNull();
    }
    at.advance(20 * 60_000);
    expect(await findStaffSession(db, at, token)).toBeNull();

    const first = await startStaffSession(db, at, id, null);
    const second = await startStaffSession(db, at, id, null);
    await revokeAllStaffSessions(db, id);
    expect(await findStaffSession(db, at, first.token)).toBeNull();
    expect(await findStaffSession(db, at, second.token)).toBeNull();
  });

  it("knows whether the second factor was passed on this session", async () => {
    const { db } = database;
    const id = await insertStaffMember(db, clock, { email: "pending@example.com", role: "editor", password: "editor password" });
    const started = await startStaffSession(db, clock, id, null);
    expect((await findStaffSession(db, clock, started.token))?.secondFactorAt).toBeNull();
    await passSecondFactor(db, clock, started.id);
    expect((await findStaffSession(db, clock, started.token))?.secondFactorAt).toEqual(clock.now());
    const [row] = await db.select({ role: staffUsers.role }).from(staffUsers).where(eq(staffUsers.id, id));
    expect(row.role).toBe("editor");
  });
});
