/**
 * The proof that orders never oversell: two independent instances of the buying stack (each with
 * its own connection pool, as two app servers would have) against one PostgreSQL database, and 210
 * shoppers' purchases fired at once at a product with 50 units and a per-customer cap of 2.
 * Concurrency needs a real server, so this runs whenever DATABASE_URL is set (as in CI).
 */
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../db/client";
import { BRANDS } from "../../lib/brand";
import { systemClock } from "../../lib/clock";
import { insertCustomer, insertSellable } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { BASKET_ERRORS, BasketError } from "../basket/errors";
import { createBasket } from "../basket/create-basket";
import { products } from "../catalog/schema";
import { payments } from "../payments/schema";
import { SandboxPaymentProvider } from "../payments/sandbox/sandbox-provider";
import { sandboxTransactions } from "../payments/sandbox/schema";
import { tokenizeCard } from "../payments/sandbox/tokenize";
import { vouchers } from "../vouchers/schema";
import { type PlacementServices, placeOrder } from "./place-order";
import { orderLines, orders } from "./schema";

const STOCK = 50;
const CAP = 2;
const CUSTOMERS = Number(process.env.RACE_CUSTOMERS ?? 70);
const PURCHASES_EACH = 3;
const details = { firstName: "Race", lastName: "Tester", addressLine1: "1 Queue Lane", addressLine2: null, city: "London", postcode: "E1 6AN" };
const log = pino({ level: "silent" });

/** What a shopper may be told when they do not get the item (spec §5 and §8 texts). */
const SPEC_MESSAGES = new Set<string>([BASKET_ERRORS.ITEM_UNAVAILABLE.message, BASKET_ERRORS.MAX_QUANTITY_REACHED.message, "The maximum quantity of this deal that you can buy today is 1"]);

describe.skipIf(!process.env.DATABASE_URL)("no oversell under concurrency (two instances, one PostgreSQL)", () => {
  let database: TestDatabase;
  let servers: Database[];
  let productId: number;
  let racers: { id: number; email: string; vip: boolean }[];

  beforeAll(async () => {
    database = await createTestDatabase();
    // A burst queues for connections: give it time rather than failing at the default 5 s.
    servers = await Promise.all([1, 2].map(() => openDatabase({ url: database.url, poolSize: 10, connectionTimeoutMs: 60_000 })));
    const basics = await insertCatalogBasics(database.db);
    const { product } = await insertSellable(database.db, basics, { deal: { purchaseCap: CAP }, product: { totalRemaining: STOCK, price: 1500 } });
    productId = product.id;
    racers = [];
    for (let i = 0; i < CUSTOMERS; i++) {
      const customer = await insertCustomer(database.db);
      racers.push({ id: customer.id, email: customer.email, vip: false });
    }
  });
  afterAll(async () => {
    await Promise.all((servers ?? []).map((server) => server.close()));
    await database?.dispose();
  });

  function instance(db: Database["db"]): PlacementServices {
    return {
      db,
      provider: new SandboxPaymentProvider(db, systemClock),
      clock: systemClock,
      brand: BRANDS.wowcher,
      holdMs: 10 * 60 * 1000,
      voucherReadyMs: 0,
      enabledMethods: { klarna: false, clearpay: false },
      log,
      linkOrigin: "http://localhost:3000",
    };
  }

  it("sells exactly the stock, keeps every customer within the cap and leaves no payment unaccounted for", async () => {
    const instances = servers.map((server) => instance(server.db));
    const purchase = async (index: number): Promise<{ ok: true } | { ok: false; message: string }> => {
      const services = instances[index % 2];
      const customer = racers[index % CUSTOMERS];
      const actor = { brand: BRANDS.wowcher, customer: { id: customer.id, vip: false }, now: new Date(), holdMs: services.holdMs };
      let token: string;
      try {
        token = (await createBasket(services.db, { eligibleForVip: false, products: [{ productId, quantity: 1 }] }, actor)).token;
      } catch (error) {
        if (error instanceof BasketError) return { ok: false, message: error.message };
        throw error;
      }
      const card = await tokenizeCard(services.db, systemClock, { number: "4111111111111111", expiry: "12/30", securityCode: "123", postalCode: "E1 6AN" });
      if (!card.ok) throw new Error("tokenise failed");
      const result = await placeOrder(services, {
        basketToken: token,
        idempotencyKey: `race-${index}`,
        customer,
        details,
        payment: { method: "card", instrument: "NEW", nonce: card.nonce },
      });
      return result.ok ? { ok: true } : { ok: false, message: result.error.message };
    };

    const outcomes = await Promise.all(Array.from({ length: CUSTOMERS * PURCHASES_EACH }, (_, index) => purchase(index)));

    const db = database.db;
    const [product] = await db.select().from(products).where(eq(products.id, productId));
    expect(product.totalRemaining).toBe(0);
    expect(product.soldOut).toBe(true);
    const [{ sold }] = await db.select({ sold: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` }).from(orderLines).where(eq(orderLines.productId, productId));
    expect(Number(sold)).toBe(STOCK);
    expect(product.totalBought).toBe(STOCK);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(STOCK);

    const perCustomer = await db
      .select({ customerId: orderLines.customerId, units: sql<number>`sum(${orderLines.quantity})::int` })
      .from(orderLines)
      .groupBy(orderLines.customerId);
    expect(Math.max(...perCustomer.map((row) => Number(row.units)))).toBeLessThanOrEqual(CAP);

    const failures = outcomes.flatMap((outcome) => (outcome.ok ? [] : [outcome.message]));
    expect(failures).toHaveLength(CUSTOMERS * PURCHASES_EACH - STOCK);
    expect(failures.filter((message) => !SPEC_MESSAGES.has(message))).toEqual([]);

    const [{ issued }] = await db.select({ issued: sql<number>`count(*)::int` }).from(vouchers);
    expect(Number(issued)).toBe(STOCK);

    // Every authorization is either captured and paying for an order, or voided.
    const gateway = await db.select().from(sandboxTransactions);
    const paid = await db.select().from(payments);
    const orderIds = new Set((await db.select({ id: orders.id }).from(orders)).map((row) => row.id));
    const paying = new Map(paid.map((payment) => [payment.authorizationId, payment.orderId]));
    for (const transaction of gateway) {
      if (transaction.status === "voided") continue;
      expect(transaction.status).toBe("captured");
      expect(orderIds.has(paying.get(transaction.id) ?? -1)).toBe(true);
    }
    expect(gateway.filter((transaction) => transaction.status === "captured")).toHaveLength(orderIds.size);
  }, 120_000);
});
