import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { listMailbox } from "../mail/mailbox";
import { requestVerificationLink, verifyEmail } from "./email-verification";
import { updateProfile } from "./profile";
import { registerCustomer } from "./register";
import { customers } from "./schema";

let database: TestDatabase;
const clock = new ManualClock("2026-11-28T09:00:00Z");
const ORIGIN = "https://www.wowcher.co.uk";

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

const register = (email: string, extra: { googleSubject?: string; emailVerified?: boolean; password?: string } = { password: "correct horse battery" }) =>
  registerCustomer(database.db, clock, { brand: "wowcher", email, firstName: "Ann", lastName: "Smith", linkOrigin: ORIGIN, ...extra });

async function mailTo(to: string) {
  return (await listMailbox(database.db)).filter((m) => m.to === to);
}
const tokenIn = (text: string) => new URL(/https:\/\/\S+/.exec(text)![0]).searchParams.get("token")!;
async function verifiedAt(id: number) {
  const [row] = await database.db.select({ at: customers.emailVerifiedAt }).from(customers).where(eq(customers.id, id));
  return row.at;
}

describe("the welcome email and email verification", () => {
  it("registration puts a welcome with a verification link to the configured origin in the outbox", async () => {
    const customer = await register("welcome@example.com");
    const [mail] = await mailTo("welcome@example.com");
    expect(mail.subject).toBe("Welcome to Wowcher");
    expect(mail.text).toContain(`Verify your email address: ${ORIGIN}/verify-email?token=`);
    expect(await verifiedAt(customer.id)).toBeNull();
  });

  it("a link verifies once; a second use is refused", async () => {
    const customer = await register("once@example.com");
    const token = tokenIn((await mailTo("once@example.com"))[0].text);
    await verifyEmail(database.db, clock, token);
    expect(await verifiedAt(customer.id)).toEqual(clock.now());
    await expect(verifyEmail(database.db, clock, token)).rejects.toMatchObject({ code: "LINK_EXPIRED" });
    expect(await requestVerificationLink(database.db, clock, { customerId: customer.id, linkOrigin: ORIGIN })).toBe(false);
  });

  it("a link expires after 7 days; a new one from My account works and the old one dies", async () => {
    const customer = await register("late@example.com");
    const first = tokenIn((await mailTo("late@example.com"))[0].text);
    clock.advance(7 * 86_400_000 + 1);
    await expect(verifyEmail(database.db, clock, first)).rejects.toMatchObject({ code: "LINK_EXPIRED" });
    expect(await requestVerificationLink(database.db, clock, { customerId: customer.id, linkOrigin: ORIGIN })).toBe(true);
    const mails = await mailTo("late@example.com");
    expect(mails.map((m) => m.subject).sort()).toEqual(["Verify your Wowcher email address", "Welcome to Wowcher"]);
    const second = tokenIn(mails.find((m) => m.subject.startsWith("Verify"))!.text);
    await verifyEmail(database.db, clock, second);
    expect(await verifiedAt(customer.id)).not.toBeNull();
  });

  it("an account Google has verified is verified at once and its welcome has no link", async () => {
    const customer = await register("google@example.com", { googleSubject: "g-1", emailVerified: true });
    expect(await verifiedAt(customer.id)).not.toBeNull();
    const [mail] = await mailTo("google@example.com");
    expect(mail.text).not.toContain("verify-email");
    expect(mail.text).toContain(`Go to My account: ${ORIGIN}/myaccount`);
  });

  it("a failed registration (email taken) sends nothing more", async () => {
    await expect(register("welcome@example.com")).rejects.toMatchObject({ code: "ALREADY_REGISTERED" });
    expect(await mailTo("welcome@example.com")).toHaveLength(1);
  });

  it("a changed email is unverified again: the new address gets a link, the old address's link no longer works", async () => {
    const customer = await register("old@example.com");
    const oldLink = tokenIn((await mailTo("old@example.com"))[0].text);
    await updateProfile(database.db, clock, { customerId: customer.id, change: { firstName: "Ann", lastName: "Smith", email: "new@example.com" }, linkOrigin: ORIGIN });
    await expect(verifyEmail(database.db, clock, oldLink)).rejects.toMatchObject({ code: "LINK_EXPIRED" });
    const [mail] = await mailTo("new@example.com");
    await verifyEmail(database.db, clock, tokenIn(mail.text));
    expect(await verifiedAt(customer.id)).not.toBeNull();
  });
});
