/**
 * Races on PostgreSQL: two app instances carry out the same answered VIP refund request at the same
 * moment (the job on one, staff on the other), and two tabs answer the same invitation at once.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertCustomer } from "../../tests/support/buying-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { twoInstancesOnOneDatabase } from "../../tests/support/two-instances";
import { walletEntries } from "../wallet/schema";
import { inviteVipRefund } from "./invite-refund";
import { processVipRefundRequest } from "./process-refund-requests";
import { submitVipRefundChoice } from "./refund-form";
import { vipCharges, vipMemberships } from "../vip/schema";
import { vipRefundRequests } from "./schema";

const now = new Date("2026-11-21T12:00:00Z");
const clock = new ManualClock(now);
const services = { clock, linkOrigin: () => "https://www.wowcher.co.uk" };

describe.skipIf(!process.env.DATABASE_URL)("VIP refund requests under concurrency (PostgreSQL)", () => {
  const setup = twoInstancesOnOneDatabase();

  /** A member whose renewal of 4.99 was charged in September, invited to the refund form. */
  async function invitedMember() {
    const db = setup.database.db;
    const customer = await insertCustomer(db, { vip: true });
    const [membership] = await db
      .insert(vipMemberships)
      .values({ customerId: customer.id, brand: "wowcher", currency: "GBP", status: "ACTIVE", renewalPrice: 499, createdAt: now, updatedAt: now })
      .returning();
    const [charge] = await db
      .insert(vipCharges)
      .values({
        membershipId: membership.id,
        customerId: customer.id,
        periodStart: new Date("2026-09-01T00:00:00Z"),
        periodEnd: new Date("2027-09-01T00:00:00Z"),
        amount: 499,
        currency: "GBP",
        status: "paid",
        idempotencyKey: `race-renewal-${membership.id}`,
        authorizationId: `race-auth-${membership.id}`,
        createdAt: new Date("2026-09-01T00:00:00Z"),
        updatedAt: new Date("2026-09-01T00:00:00Z"),
      })
      .returning();
    const invitation = await inviteVipRefund(db, clock, { customerId: customer.id, actor: { type: "staff", id: "race" }, linkOrigin: services.linkOrigin });
    return { customer, charge, invitation, token: new URL(invitation.url).searchParams.get("token")! };
  }

  it("credits the extra 20% once when two instances process the request together", async () => {
    const { customer, invitation, token } = await invitedMember();
    await submitVipRefundChoice(setup.database.db, { token, choice: "extra_credit", now });
    const outcomes = await Promise.all(setup.servers.map((server) => processVipRefundRequest(server.db, services, invitation.requestId)));
    expect(outcomes.sort()).toEqual(["processed", "skipped"]);
    const credits = await setup.database.db.select().from(walletEntries).where(eq(walletEntries.customerId, customer.id));
    expect(credits.map((entry) => entry.amount)).toEqual([599]);
  });

  it("books a cash refund of a charge once, never beyond what was charged", async () => {
    const { charge, invitation, token } = await invitedMember();
    await submitVipRefundChoice(setup.database.db, { token, choice: "cash_refund", now });
    await Promise.all(setup.servers.map((server) => processVipRefundRequest(server.db, services, invitation.requestId)));
    const [after] = await setup.database.db.select().from(vipCharges).where(eq(vipCharges.id, charge.id));
    expect(after.refundedAmount).toBe(499);
  });

  it("takes one answer when two tabs answer the same invitation at once", async () => {
    const { invitation, token } = await invitedMember();
    const answers = await Promise.allSettled(
      setup.servers.map((server, index) => submitVipRefundChoice(server.db, { token, choice: index === 0 ? "cash_refund" : "stay_vip", now })),
    );
    expect(answers.filter((answer) => answer.status === "fulfilled")).toHaveLength(1);
    const refused = answers.find((answer) => answer.status === "rejected");
    expect(refused?.status === "rejected" && refused.reason).toMatchObject({ code: "ALREADY_ANSWERED" });
    const [row] = await setup.database.db.select().from(vipRefundRequests).where(eq(vipRefundRequests.id, invitation.requestId));
    expect(row.status).toBe("REQUESTED");
  });
});
