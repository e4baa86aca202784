/**
 * A double-clicked refund on two app instances at once (each with its own connection pool, as two
 * servers would have) against one PostgreSQL database: one refund, money moved once. Concurrency
 * needs a real server, so this runs whenever DATABASE_URL is set (as in CI).
 */
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../db/client";
import { systemClock } from "../../lib/clock";
import { actorAt, insertCustomer, insertSellable, placementServices, TEST_DETAILS } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { createBasket } from "../basket/create-basket";
import { products } from "../catalog/schema";
import { placeOrder } from "../orders/place-order";
import { paymentOperations, payments } from "../payments/schema";
import { SandboxPaymentProvider } from "../payments/sandbox/sandbox-provider";
import { sandboxTransactions } from "../payments/sandbox/schema";
import { tokenizeCard } from "../payments/sandbox/tokenize";
import { vouchers } from "../vouchers/schema";
import { walletBalance } from "../wallet/wallet";
import { voucherRefunds } from "./schema";
import { refundVoucher } from "./refund-voucher";

describe.skipIf(!process.env.DATABASE_URL)("refunds under concurrency (two instances, one PostgreSQL)", () => {
  let database: TestDatabase;
  let servers: Database[];
  let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    basics = await insertCatalogBasics(database.db);
    servers = await Promise.all([1, 2].map(() => openDatabase({ url: database.url, poolSize: 5 })));
  });
  afterAll(async () => {
    await Promise.all((servers ?? []).map((server) => server.close()));
    await database?.dispose();
  });

  async function buyTwoVouchers() {
    const { product } = await insertSellable(database.db, basics, { product: { totalRemaining: 10, price: 2500 } });
    const customer = await insertCustomer(database.db);
    const shopper = { id: customer.id, email: customer.email, vip: false };
    const basket = await createBasket(database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 2 }] }, actorAt(new Date(), shopper));
    const card = await tokenizeCard(database.db, systemClock, { number: "4111111111111111", expiry: "12/30", securityCode: "123", postalCode: "E1 6AN" });
    if (!card.ok) throw new Error("tokenise failed");
    const result = await placeOrder(placementServices(database.db, systemClock), {
      basketToken: basket.token,
      idempotencyKey: `race-${customer.id}`,
      customer: shopper,
      details: TEST_DETAILS,
      payment: { method: "card", instrument: "NEW", nonce: card.nonce },
    });
    if (!result.ok) throw result.error;
    const issued = await database.db.select().from(vouchers).where(eq(vouchers.orderId, result.order.id)).orderBy(vouchers.id);
    return { customer, productId: product.id, orderId: result.order.id, vouchers: issued };
  }

  const servicesOf = (server: Database) => ({ provider: new SandboxPaymentProvider(server.db, systemClock), clock: systemClock, log: pino({ level: "silent" }), linkOrigin: "http://localhost:3000" });

  it("refunds a double-clicked voucher once, to the card and the wallet alike", async () => {
    const { customer, productId, orderId, vouchers: [voucher] } = await buyTwoVouchers();
    const actor = { type: "customer" as const, id: String(customer.id) };
    const results = await Promise.all(
      (["original", "wallet", "original", "wallet"] as const).map((destination, index) =>
        refundVoucher(servers[index % 2].db, servicesOf(servers[index % 2]), { voucherId: voucher.id, customerId: customer.id, destination, actor }),
      ),
    );

    expect(results.filter((result) => result.firstTime)).toHaveLength(1);
    const first = results.find((result) => result.firstTime)!;
    for (const result of results) expect(result).toMatchObject({ destination: first.destination, cardAmount: first.cardAmount, refundableCredit: first.refundableCredit });
    expect(await database.db.select().from(voucherRefunds).where(eq(voucherRefunds.voucherId, voucher.id))).toHaveLength(1);

    const [payment] = await database.db.select().from(payments).where(eq(payments.orderId, orderId));
    const [gateway] = await database.db.select().from(sandboxTransactions).where(eq(sandboxTransactions.id, payment.authorizationId));
    const wallet = await walletBalance(database.db, customer.id, "GBP");
    expect(payment.refundedAmount).toBe(first.cardAmount);
    expect(gateway.refundedAmount).toBe(first.cardAmount);
    expect(wallet.refundable).toBe(first.refundableCredit);
    expect(first.cardAmount + first.refundableCredit).toBe(2500);
    const [product] = await database.db.select().from(products).where(eq(products.id, productId));
    expect(product.totalRemaining).toBe(9);
  }, 60_000);

  it("refunds two vouchers of one order at once: both refunded, the order and payment in step", async () => {
    const { customer, orderId, vouchers: pair } = await buyTwoVouchers();
    const actor = { type: "customer" as const, id: String(customer.id) };
    await Promise.all(pair.map((voucher, index) => refundVoucher(servers[index].db, servicesOf(servers[index]), { voucherId: voucher.id, customerId: customer.id, destination: "original", actor })));
    const [payment] = await database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({ status: "refunded", refundedAmount: 5000 });
    const operations = await database.db.select().from(paymentOperations).where(eq(paymentOperations.paymentId, payment.id));
    expect(operations.filter((operation) => operation.kind === "refund").map((operation) => operation.status)).toEqual(["succeeded", "succeeded"]);
  }, 60_000);
});
