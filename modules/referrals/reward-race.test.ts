/**
 * The referral reward job running on two app instances at once (each with its own connection
 * pool) against one PostgreSQL database, twice each: every referrer gets exactly one 10.00 credit
 * per friend, one REWARDED history row, one email. Concurrency needs a real server, so this runs
 * whenever DATABASE_URL is set.
 */
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertCustomer } from "../../tests/support/buying-fixtures";
import { twoInstancesOnOneDatabase } from "../../tests/support/two-instances";
import { issueTestVouchers } from "../../tests/support/voucher-fixtures";
import { customers } from "../accounts/schema";
import { outboxMessages } from "../mail/schema";
import { statusEvents } from "../states/schema";
import { walletEntries } from "../wallet/schema";
import { recordReferredFirstOrder } from "./first-order";
import { referralCodeOf } from "./referral-codes";
import { referNewCustomer } from "./refer-new-customer";
import { rewardReferrals } from "./reward-referrals";
import { referrals } from "./schema";

const DAY = 86_400_000;

describe.skipIf(!process.env.DATABASE_URL)("the referral reward job on two instances at once (one PostgreSQL)", () => {
  const race = twoInstancesOnOneDatabase(8);

  it("rewards each referred friend's referrer exactly once", async () => {
    const db = race.database.db;
    const boughtAt = new Date("2026-11-21T12:00:00Z");
    const referralIds: number[] = [];
    const referrerIds: number[] = [];
    for (let i = 0; i < 6; i++) {
      const referrer = await insertCustomer(db);
      const friend = await insertCustomer(db);
      // A friend who registered just now (insertCustomer dates accounts earlier in the year).
      await db.update(customers).set({ createdAt: boughtAt }).where(eq(customers.id, friend.id));
      const { code } = await referralCodeOf(db, referrer.id, boughtAt);
      const referred = await referNewCustomer(db, { brand: "wowcher", code, customerId: friend.id, now: boughtAt, actor: { type: "customer", id: String(friend.id) } });
      if (!referred.ok) throw referred.error;
      const [voucher] = await issueTestVouchers(db, { customerId: friend.id, merchantId: race.basics.merchant.id, at: boughtAt });
      await db.transaction((tx) =>
        recordReferredFirstOrder(
          tx,
          {
            customerId: friend.id,
            orderId: 70_500_000 + voucher.id,
            paid: 1900,
            vouchers: 1,
            vouchersAvailableAt: boughtAt,
            deliveryAddress: { addressLine1: `${i} Friend Road`, postcode: "N1 9GU" },
            at: boughtAt,
            actor: { type: "customer", id: String(friend.id) },
          },
          async () => [],
        ),
      );
      referralIds.push(referred.referralId);
      referrerIds.push(referrer.id);
    }

    const now = new Date(boughtAt.getTime() + 15 * DAY);
    const runs = await Promise.all(
      [0, 1, 0, 1].map((server) => rewardReferrals(race.servers[server].db, { now, linkOrigin: () => "https://www.wowcher.co.uk", batchSize: 2 })),
    );
    expect(runs.reduce((sum, run) => sum + run.rewarded, 0)).toBe(6);

    const credits = await db
      .select()
      .from(walletEntries)
      .where(and(inArray(walletEntries.customerId, referrerIds), eq(walletEntries.reason, "referral")));
    expect(credits.map((credit) => credit.customerId).sort()).toEqual([...referrerIds].sort());
    expect(credits.every((credit) => credit.amount === 1000)).toBe(true);
    const settled = await db.select().from(referrals).where(inArray(referrals.id, referralIds));
    expect(settled.every((referral) => referral.status === "REWARDED")).toBe(true);
    const rewardedEvents = await db
      .select()
      .from(statusEvents)
      .where(and(eq(statusEvents.aggregate, "referral"), inArray(statusEvents.aggregateId, referralIds), eq(statusEvents.toStatus, "REWARDED")));
    expect(rewardedEvents).toHaveLength(6);
    const emails = await db.select().from(outboxMessages).where(eq(outboxMessages.subject, "You've earned £10.00 credit"));
    expect(emails).toHaveLength(6);
  });
});
