/**
 * A shopper's refund racing the merchant's till on one voucher, each through its own connection
 * pool (two app servers): one outcome every time. Either the voucher is Redeemed and no money
 * moved, or it is Refunded, the card got the money back once and the unit is back on sale; never
 * both. Concurrency needs a real server: PostgreSQL only.
 */
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../db/client";
import { systemClock } from "../../lib/clock";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { buyVouchers } from "../../tests/support/voucher-fixtures";
import { products } from "../catalog/schema";
import { payments } from "../payments/schema";
import { SandboxPaymentProvider } from "../payments/sandbox/sandbox-provider";
import { statusEvents } from "../states/schema";
import { redeemVoucher } from "../vouchers/redeem-voucher";
import { vouchers } from "../vouchers/schema";
import { refundVoucher } from "./refund-voucher";
import { voucherRefunds } from "./schema";

describe.skipIf(!process.env.DATABASE_URL)("a refund racing a redemption (two instances, one PostgreSQL)", () => {
  let database: TestDatabase;
  let servers: Database[];
  let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    basics = await insertCatalogBasics(database.db);
    servers = await Promise.all([1, 2].map(() => openDatabase({ url: database.url, poolSize: 3 })));
  });
  afterAll(async () => {
    await Promise.all((servers ?? []).map((server) => server.close()));
    await database?.dispose();
  });

  it("ends either Redeemed with no money moved, or Refunded once with the unit back: never both", async () => {
    for (let round = 0; round < 8; round++) {
      const { customer, order, product, vouchers: [voucher] } = await buyVouchers(database.db, basics, systemClock);
      const [shopServer, tillServer] = round % 2 === 0 ? servers : [...servers].reverse();
      const refund = refundVoucher(
        shopServer.db,
        { provider: new SandboxPaymentProvider(shopServer.db, systemClock), clock: systemClock, log: pino({ level: "silent" }), linkOrigin: "http://localhost:3000" },
        { voucherId: voucher.id, customerId: customer.id, destination: "original", actor: { type: "customer", id: String(customer.id) } },
      );
      const redeem = redeemVoucher(tillServer.db, { merchantId: basics.merchant.id, merchantUserId: 1, code: voucher.code, at: new Date(), timeZone: "Europe/London" });
      const [refunded, redeemed] = await Promise.allSettled([refund, redeem]);
      expect([refunded.status, redeemed.status].sort()).toEqual(["fulfilled", "rejected"]);

      const [row] = await database.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
      const [payment] = await database.db.select().from(payments).where(eq(payments.orderId, order.id));
      const [stock] = await database.db.select({ left: products.totalRemaining }).from(products).where(eq(products.id, product.id));
      const refunds = await database.db.select().from(voucherRefunds).where(eq(voucherRefunds.voucherId, voucher.id));
      const history = await database.db.select({ to: statusEvents.toStatus }).from(statusEvents).where(eq(statusEvents.aggregateId, voucher.id));
      if (refunded.status === "fulfilled") {
        expect(redeemed).toMatchObject({ status: "rejected", reason: { code: "REFUNDED" } });
        expect(row.status).toBe("REFUNDED");
        expect(refunds).toHaveLength(1);
        expect(payment.refundedAmount).toBe(1900);
        expect(stock.left).toBe(10);
      } else {
        expect(refunded).toMatchObject({ status: "rejected", reason: { code: "REFUND_NOT_ALLOWED" } });
        expect(row.status).toBe("REDEEMED");
        expect(refunds).toEqual([]);
        expect(payment.refundedAmount).toBe(0);
        expect(stock.left).toBe(9);
      }
      expect(history.map((event) => event.to).filter((to) => to !== "READY_TO_REDEEM")).toEqual([row.status]);
    }
  }, 120_000);
});
