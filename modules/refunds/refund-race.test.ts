/**
 * A double-clicked refund on two app instances at once (each with its own connection pool, as two
 * race.servers would have) against one PostgreSQL database: one refund, money moved once. Concurrency
 * needs a real server, so this runs whenever DATABASE_URL is set (as in CI).
 */
import { eq } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { systemClock } from "../../lib/clock";
import { actorAt, insertCustomer, insertSellable, placementServices, TEST_DETAILS } from "../../tests/support/buying-fixtures";
import type { Database } from "../../db/client";
import { twoInstancesOnOneDatabase } from "../../tests/support/two-instances";
import { addAddon } from "../basket/add-addon";
import { createBasket } from "../basket/create-basket";
import { products } from "../catalog/schema";
import { placeOrder } from "../orders/place-order";
import { statusHistory } from "../states/transition";
import { ORDER_PROCESS } from "../orders/order-process";
import { paymentOperations, payments } from "../payments/schema";
import { SandboxPaymentProvider } from "../payments/sandbox/sandbox-provider";
import { sandboxTransactions } from "../payments/sandbox/schema";
import { tokenizeCard } from "../payments/sandbox/tokenize";
import { vouchers } from "../vouchers/schema";
import { walletBalance } from "../wallet/wallet";
import { voucherRefunds } from "./schema";
import { refundVoucher } from "./refund-voucher";

describe.skipIf(!process.env.DATABASE_URL)("refunds under concurrency (two instances, one PostgreSQL)", () => {
  const race = twoInstancesOnOneDatabase();

  async function buyTwoVouchers(options: { protection?: boolean } = {}) {
    const { product } = await insertSellable(race.database.db, race.basics, { product: { totalRemaining: 10, price: 2500 } });
    const customer = await insertCustomer(race.database.db);
    const shopper = { id: customer.id, email: customer.email, vip: false };
    const basket = await createBasket(race.database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 2 }] }, actorAt(new Date(), shopper));
    if (options.protection) await addAddon(race.database.db, basket.token, { addonType: "DVP" }, actorAt(new Date(), shopper));
    const card = await tokenizeCard(race.database.db, systemClock, { number: "4111111111111111", expiry: "12/30", securityCode: "123", postalCode: "E1 6AN" });
    if (!card.ok) throw new Error("tokenise failed");
    const result = await placeOrder(placementServices(race.database.db, systemClock), {
      basketToken: basket.token,
      idempotencyKey: `race-${customer.id}`,
      customer: shopper,
      details: TEST_DETAILS,
      payment: { method: "card", instrument: "NEW", nonce: card.nonce },
    });
    if (!result.ok) throw result.error;
    const issued = await race.database.db.select().from(vouchers).where(eq(vouchers.orderId, result.order.id)).orderBy(vouchers.id);
    return { customer, productId: product.id, orderId: result.order.id, vouchers: issued };
  }

  const servicesOf = (server: Database) => ({ provider: new SandboxPaymentProvider(server.db, systemClock), clock: systemClock, log: pino({ level: "silent" }), linkOrigin: "http://localhost:3000" });

  it("refunds a double-clicked voucher once, to the card and the wallet alike", async () => {
    const { customer, productId, orderId, vouchers: [voucher] } = await buyTwoVouchers();
    const actor = { type: "customer" as const, id: String(customer.id) };
    const results = await Promise.all(
      (["original", "wallet", "original", "wallet"] as const).map((destination, index) =>
        refundVoucher(race.servers[index % 2].db, servicesOf(race.servers[index % 2]), { voucherId: voucher.id, customerId: customer.id, destination, actor }),
      ),
    );

    expect(results.filter((result) => result.firstTime)).toHaveLength(1);
    const first = results.find((result) => result.firstTime)!;
    for (const result of results) expect(result).toMatchObject({ destination: first.destination, cardAmount: first.cardAmount, refundableCredit: first.refundableCredit });
    expect(await race.database.db.select().from(voucherRefunds).where(eq(voucherRefunds.voucherId, voucher.id))).toHaveLength(1);

    const [payment] = await race.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    const [gateway] = await race.database.db.select().from(sandboxTransactions).where(eq(sandboxTransactions.id, payment.authorizationId));
    const wallet = await walletBalance(race.database.db, customer.id, "GBP");
    expect(payment.refundedAmount).toBe(first.cardAmount);
    expect(gateway.refundedAmount).toBe(first.cardAmount);
    expect(wallet.refundable).toBe(first.refundableCredit);
    expect(first.cardAmount + first.refundableCredit).toBe(2500);
    const [product] = await race.database.db.select().from(products).where(eq(products.id, productId));
    expect(product.totalRemaining).toBe(9);
  }, 60_000);

  it("refunds two vouchers of one order at once: both refunded, the order and payment in step", async () => {
    const { customer, orderId, vouchers: pair } = await buyTwoVouchers();
    const actor = { type: "customer" as const, id: String(customer.id) };
    await Promise.all(pair.map((voucher, index) => refundVoucher(race.servers[index].db, servicesOf(race.servers[index]), { voucherId: voucher.id, customerId: customer.id, destination: "original", actor })));
    const [payment] = await race.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({ status: "refunded", refundedAmount: 5000 });
    const operations = await race.database.db.select().from(paymentOperations).where(eq(paymentOperations.paymentId, payment.id));
    expect(operations.filter((operation) => operation.kind === "refund").map((operation) => operation.status)).toEqual(["succeeded", "succeeded"]);
  }, 60_000);

  it("gives Deal Protection's fee back once when both vouchers of a protected order are refunded at once", async () => {
    const { customer, orderId, vouchers: pair } = await buyTwoVouchers({ protection: true });
    const actor = { type: "customer" as const, id: String(customer.id) };
    const results = await Promise.all(pair.map((voucher, index) => refundVoucher(race.servers[index].db, servicesOf(race.servers[index]), { voucherId: voucher.id, customerId: customer.id, destination: "original", actor })));
    expect(results.map((result) => result.cardAmount).sort((a, b) => a - b)).toEqual([2500, 2500 + 199]);
    const [payment] = await race.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({ status: "refunded", amount: 5000 + 199, refundedAmount: 5000 + 199 });
    const history = await statusHistory(race.database.db, ORDER_PROCESS, orderId);
    expect(history.filter((event) => event.data?.event === "protection-fee-refunded")).toHaveLength(1);
  }, 60_000);
});
