import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { insertMerchant } from "../../tests/support/merchant-fixtures";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { LOCKOUT_THRESHOLD } from "../sign-in/lockout";
import { listMailbox } from "../mail/mailbox";
import { acceptInvitation, findUsableInvitation } from "./accept-invitation";
import { authenticateMerchantUser } from "./authenticate-merchant-user";
import { inviteMerchantUser } from "./invite-merchant-user";
import { findMerchantSession, startMerchantSession } from "./merchant-sessions";
import { merchantUsers } from "./schema";

let database: TestDatabase;
let merchantId: number;
const clock = new ManualClock("2026-03-02T10:00:00Z");
const PASSWORD = "till roll paper";

const tokenOf = (url: string) => decodeURIComponent(url.split("/merchant/invitation/")[1]);

async function invite(email: string, name = "Maya") {
  return inviteMerchantUser(database.db, clock, { merchantId, email, name, brand: "wowcher", linkOrigin: "https://www.wowcher.co.uk" });
}

async function signIn(email: string, password: string) {
  return authenticateMerchantUser(database.db, clock, { email, password }).catch((error: unknown) => error);
}

beforeAll(async () => {
  database = await createTestDatabase();
  merchantId = (await insertCatalogBasics(database.db)).merchant.id;
});
afterAll(() => database?.dispose());

describe("invitations", () => {
  it("creates the user without a password and emails an absolute, single-use link", async () => {
    const invitation = await invite("Maya@Example.com");
    expect(invitation.url).toMatch(/^https:\/\/www\.wowcher\.co\.uk\/merchant\/invitation\/[\w-]{40,}$/);
    const [user] = await database.db.select().from(merchantUsers).where(eq(merchantUsers.id, invitation.merchantUserId));
    expect(user).toMatchObject({ email: "maya@example.com", merchantId, passwordHash: null });
    const [mail] = await listMailbox(database.db, 1);
    expect(mail).toMatchObject({ to: "maya@example.com", subject: "Your Wowcher merchant portal invitation" });
    expect(mail.text).toContain(invitation.url);
    expect(await findUsableInvitation(database.db, clock, tokenOf(invitation.url))).toMatchObject({ name: "Maya", merchantName: "Serenity Spa" });

    await acceptInvitation(database.db, clock, { token: tokenOf(invitation.url), password: PASSWORD });
    expect(await signIn("maya@example.com", PASSWORD)).toEqual({ merchantUserId: invitation.merchantUserId });
    await expect(acceptInvitation(database.db, clock, { token: tokenOf(invitation.url), password: "another password" })).rejects.toMatchObject({
      code: "INVITATION_EXPIRED",
      message: "This invitation has expired or has already been used. Please ask us for a new one.",
    });
    expect(await signIn("maya@example.com", "another password")).toMatchObject({ code: "INVALID_CREDENTIALS" });
  });

  it("stops working after 7 days", async () => {
    const invitation = await invite("late@example.com");
    clock.advance(7 * 86_400_000 + 1000);
    expect(await findUsableInvitation(database.db, clock, tokenOf(invitation.url))).toBeNull();
    await expect(acceptInvitation(database.db, clock, { token: tokenOf(invitation.url), password: PASSWORD })).rejects.toMatchObject({ code: "INVITATION_EXPIRED" });
  });

  it("re-inviting replaces the earlier link, and a user of one merchant cannot be invited to another", async () => {
    const first = await invite("again@example.com");
    const second = await invite("again@example.com");
    expect(second.merchantUserId).toBe(first.merchantUserId);
    expect(await findUsableInvitation(database.db, clock, tokenOf(first.url))).toBeNull();
    expect(await findUsableInvitation(database.db, clock, tokenOf(second.url))).not.toBeNull();
    const other = await insertMerchant(database.db);
    await expect(inviteMerchantUser(database.db, clock, { merchantId: other.id, email: "again@example.com", name: "X", brand: "wowcher", linkOrigin: "https://x" })).rejects.toMatchObject({
      code: "EMAIL_TAKEN",
    });
  });
});

describe("signing in", () => {
  it("answers a wrong password, an unknown email and a user who never set a password alike", async () => {
    const invitation = await invite("ola@example.com", "Ola");
    await acceptInvitation(database.db, clock, { token: tokenOf(invitation.url), password: PASSWORD });
    await invite("pending@example.com");
    const answers = await Promise.all([signIn("ola@example.com", "wrong password"), signIn("nobody@example.com", PASSWORD), signIn("pending@example.com", PASSWORD)]);
    for (const answer of answers) expect(answer).toMatchObject({ code: "INVALID_CREDENTIALS", status: 401, message: "Invalid email/password. Please try again." });
  });

  it("locks after five wrong passwords, even for the right one, and a new invitation unlocks", async () => {
    const invitation = await invite("lock@example.com");
    await acceptInvitation(database.db, clock, { token: tokenOf(invitation.url), password: PASSWORD });
    for (let i = 1; i < LOCKOUT_THRESHOLD; i++) expect(await signIn("lock@example.com", "wrong password")).toMatchObject({ code: "INVALID_CREDENTIALS" });
    expect(await signIn("lock@example.com", "wrong password")).toMatchObject({ code: "ACCOUNT_LOCKED", status: 423 });
    expect(await signIn("lock@example.com", PASSWORD)).toMatchObject({ code: "ACCOUNT_LOCKED" });
    const again = await invite("lock@example.com");
    await acceptInvitation(database.db, clock, { token: tokenOf(again.url), password: "a brand new one" });
    expect(await signIn("lock@example.com", "a brand new one")).toEqual({ merchantUserId: invitation.merchantUserId });
  });

  it("ends earlier sessions when a new password is set", async () => {
    const invitation = await invite("sessions@example.com");
    await acceptInvitation(database.db, clock, { token: tokenOf(invitation.url), password: PASSWORD });
    const session = await startMerchantSession(database.db, clock, invitation.merchantUserId);
    expect(await findMerchantSession(database.db, clock, session.token)).toMatchObject({ user: { merchantId, name: "Maya", merchantName: "Serenity Spa" } });
    const again = await invite("sessions@example.com");
    await acceptInvitation(database.db, clock, { token: tokenOf(again.url), password: "a brand new one" });
    expect(await findMerchantSession(database.db, clock, session.token)).toBeNull();
  });
});
