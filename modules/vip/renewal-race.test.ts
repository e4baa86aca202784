/**
 * Two instances run the VIP renewal job at the same moment for the same due membership, each with
 * its own connection pool, against one PostgreSQL database: the card is charged once, the period
 * moves by one year, one history event and one receipt. Concurrency needs a real server, so this
 * runs whenever DATABASE_URL is set.
 */
import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { fixedClock } from "../../lib/clock";
import { insertCustomer } from "../../tests/support/buying-fixtures";
import { twoInstancesOnOneDatabase } from "../../tests/support/two-instances";
import { outboxMessages } from "../mail/schema";
import { gatewayCustomerRef, listInstruments, saveInstrument } from "../payments/instruments";
import { sandboxRequests } from "../payments/sandbox/schema";
import { SandboxPaymentProvider } from "../payments/sandbox/sandbox-provider";
import { tokenizeCard } from "../payments/sandbox/tokenize";
import { statusEvents } from "../states/schema";
import { renewDueMemberships } from "./renew-membership";
import { vipCharges, vipMemberships } from "./schema";

const now = new Date("2027-11-21T10:00:00Z");
const periodEnd = new Date("2027-11-23T10:00:00Z");
const clock = fixedClock(now);

describe.skipIf(!process.env.DATABASE_URL)("two renewal runs at once (two instances, one PostgreSQL)", () => {
  const race = twoInstancesOnOneDatabase();

  /** A VIP whose renewing year ends in two days, reminded, with a saved Visa card. */
  async function dueMember() {
    const { db } = race.database;
    const customer = await insertCustomer(db);
    const nonce = await tokenizeCard(db, clock, { number: "4111111111111111", expiry: "12/35", securityCode: "123", postalCode: "SW1A 1AA" });
    if (!nonce.ok) throw new Error("card refused");
    const vaulted = await new SandboxPaymentProvider(db, clock).vault({ idempotencyKey: `vault-${customer.id}`, nonce: nonce.nonce, customerRef: gatewayCustomerRef(customer.id) });
    if (!vaulted.ok) throw new Error("not vaulted");
    const { ok: _ok, token, ...details } = vaulted;
    await saveInstrument(db, { customerId: customer.id, gateway: "sandbox", token, details, at: now });
    const [card] = await listInstruments(db, customer.id);
    const [membership] = await db
      .insert(vipMemberships)
      .values({
        customerId: customer.id,
        brand: "wowcher",
        currency: "GBP",
        status: "ACTIVE",
        optInType: "VIP-SUB-PAID-FLOW",
        renewalPrice: 499,
        autoRenew: true,
        instrumentId: card.id,
        memberSince: new Date("2026-11-23T10:00:00Z"),
        periodStart: new Date("2026-11-23T10:00:00Z"),
        periodEnd,
        remindedForPeriodEnd: periodEnd,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return { customer, membership };
  }

  it("charges the saved card once and renews for one year", async () => {
    for (let round = 0; round < 5; round++) {
      const { customer, membership } = await dueMember();
      const results = await Promise.all(
        race.servers.map((server) =>
          renewDueMemberships(server.db, { provider: new SandboxPaymentProvider(server.db, clock), linkOrigin: () => "https://www.wowcher.co.uk" }, { now, customerId: customer.id }),
        ),
      );
      expect(results.reduce((sum, result) => sum + result.renewed, 0)).toBe(1);
      expect(results.every((result) => result.failed === 0)).toBe(true);

      const { db } = race.database;
      const captures = await db.select().from(sandboxRequests).where(like(sandboxRequests.idempotencyKey, `vip-renewal-${membership.id}-%:capture`));
      expect(captures).toHaveLength(1);
      const authorizations = await db.select().from(sandboxRequests).where(like(sandboxRequests.idempotencyKey, `vip-renewal-${membership.id}-%:authorize`));
      expect(authorizations).toHaveLength(1);
      const charges = await db.select().from(vipCharges).where(eq(vipCharges.membershipId, membership.id));
      expect(charges).toMatchObject([{ status: "paid", amount: 499, periodStart: periodEnd, periodEnd: new Date("2028-11-23T10:00:00Z") }]);
      const [after] = await db.select().from(vipMemberships).where(eq(vipMemberships.id, membership.id));
      expect(after).toMatchObject({ status: "ACTIVE", periodEnd: new Date("2028-11-23T10:00:00Z") });
      const renewedEvents = await db
        .select()
        .from(statusEvents)
        .where(and(eq(statusEvents.aggregate, "vip_membership"), eq(statusEvents.aggregateId, membership.id)));
      expect(renewedEvents.filter((event) => event.data?.event === "renewed")).toHaveLength(1);
      const receipts = await db.select().from(outboxMessages).where(and(eq(outboxMessages.to, customer.email), eq(outboxMessages.subject, "Your VIP membership has been renewed")));
      expect(receipts).toHaveLength(1);
    }
  });
});
