/**
 * Club points under concurrency: two app instances (each with its own connection pool, as two
 * servers would have) against one PostgreSQL database. Points are spent once, the balance never
 * goes below zero, a repeated request id credits once, and parallel views cannot pass the daily
 * cap. Concurrency needs a real server, so this runs whenever DATABASE_URL is set (as in CI).
 */
import { addMonths } from "date-fns";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertCustomer } from "../../tests/support/buying-fixtures";
import { insertDeal } from "../../tests/support/catalog-fixtures";
import { twoInstancesOnOneDatabase } from "../../tests/support/two-instances";
import { walletBalance } from "../wallet/wallet";
import { walletEntries } from "../wallet/schema";
import { earnActivityPoints } from "./earn-activity-points";
import { exchangePoints } from "./exchange-points";
import { pointsBalance } from "./loyalty-account";
import { loyaltyEntries } from "./schema";

describe.skipIf(!process.env.DATABASE_URL)("Club points under concurrency (two instances, one PostgreSQL)", () => {
  const race = twoInstancesOnOneDatabase();
  const now = new Date("2026-11-23T12:00:00Z");

  async function customerWithPoints(earnings: readonly number[]) {
    const customer = await insertCustomer(race.database.db);
    for (const [index, points] of earnings.entries()) {
      await race.database.db.insert(loyaltyEntries).values({
        customerId: customer.id,
        kind: "purchase",
        points,
        remaining: points,
        expiresAt: addMonths(now, 3 + index),
        earnKey: `race:${customer.id}:${index}`,
        description: `Purchase ${index}`,
        createdAt: now,
      });
    }
    return customer;
  }

  const settle = (attempts: Promise<unknown>[]) => Promise.allSettled(attempts);

  it("spends the same points once when two exchanges of them run at once: one wins, the balance never goes negative", async () => {
    const customer = await customerWithPoints([120, 80]);
    const outcomes = await settle(
      [0, 1, 2, 3].map((index) =>
        exchangePoints(race.servers[index % 2].db, { customerId: customer.id, requestId: `race-exchange-${index}`, points: 150, currency: "GBP", now }),
      ),
    );
    const won = outcomes.filter((outcome) => outcome.status === "fulfilled");
    expect(won).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === "rejected") expect(outcome.reason).toMatchObject({ code: "POINTS_OUT_OF_RANGE", message: "Please select a number between 1 and 50 to exchange your points." });
    }
    expect(await pointsBalance(race.database.db, customer.id, now)).toEqual({ currentPoints: 50, lifetimePoints: 200 });
    expect(await walletBalance(race.database.db, customer.id, "GBP", { now })).toEqual({ refundable: 0, marketing: 150 });
    const earnings = await race.database.db.select().from(loyaltyEntries).where(eq(loyaltyEntries.customerId, customer.id));
    for (const entry of earnings) if (entry.remaining !== null) expect(entry.remaining).toBeGreaterThanOrEqual(0);
  }, 60_000);

  it("credits a request id sent many times at once exactly once", async () => {
    const customer = await customerWithPoints([300]);
    const results = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((index) => exchangePoints(race.servers[index % 2].db, { customerId: customer.id, requestId: "same-request-id", points: 100, currency: "GBP", now })),
    );
    expect(results.filter((result) => result.firstTime)).toHaveLength(1);
    for (const result of results) expect(result).toMatchObject({ points: 100, credit: 100 });
    expect(await race.database.db.select().from(walletEntries).where(eq(walletEntries.customerId, customer.id))).toHaveLength(1);
    expect(await pointsBalance(race.database.db, customer.id, now)).toMatchObject({ currentPoints: 200 });
  }, 60_000);

  it("lets parallel views of different deals pass the daily cap of 3 no more than the cap", async () => {
    const customer = await insertCustomer(race.database.db);
    const deals = await Promise.all([1, 2, 3, 4, 5, 6].map(() => insertDeal(race.database.db, race.basics)));
    const results = await Promise.all(
      deals.map((deal, index) => earnActivityPoints(race.servers[index % 2].db, { customerId: customer.id, countryCode: "GB", now, events: [{ kind: "view", dealId: deal.id }] })),
    );
    expect(results.flat().filter((result) => result.outcome === "earned")).toHaveLength(3);
    expect(await pointsBalance(race.database.db, customer.id, now)).toMatchObject({ currentPoints: 3 });
  }, 60_000);
});
