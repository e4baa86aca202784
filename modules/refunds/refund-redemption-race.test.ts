/**
 * A shopper's refund racing the merchant's till on one voucher, each through its own connection
 * pool (two app race.servers): one outcome every time. Either the voucher is Redeemed and no money
 * moved, or it is Refunded, the card got the money back once and the unit is back on sale; never
 * both. Concurrency needs a real server: PostgreSQL only.
 */
import { eq } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { systemClock } from "../../lib/clock";
import { buyVouchers } from "../../tests/support/voucher-fixtures";
import { twoInstancesOnOneDatabase } from "../../tests/support/two-instances";
import { products } from "../catalog/schema";
import { payments } from "../payments/schema";
import { SandboxPaymentProvider } from "../payments/sandbox/sandbox-provider";
import { statusEvents } from "../states/schema";
import { redeemVoucher } from "../vouchers/redeem-voucher";
import { vouchers } from "../vouchers/schema";
import { refundVoucher } from "./refund-voucher";
import { voucherRefunds } from "./schema";

describe.skipIf(!process.env.DATABASE_URL)("a refund racing a redemption (two instances, one PostgreSQL)", () => {
  const race = twoInstancesOnOneDatabase(3);

  it("ends either Redeemed with no money moved, or Refunded once with the unit back: never both", async () => {
    for (let round = 0; round < 8; round++) {
      const { customer, order, product, vouchers: [voucher] } = await buyVouchers(race.database.db, race.basics, systemClock);
      const [shopServer, tillServer] = round % 2 === 0 ? race.servers : [...race.servers].reverse();
      const refund = refundVoucher(
        shopServer.db,
        { provider: new SandboxPaymentProvider(shopServer.db, systemClock), clock: systemClock, log: pino({ level: "silent" }), linkOrigin: "http://localhost:3000" },
        { voucherId: voucher.id, customerId: customer.id, destination: "original", actor: { type: "customer", id: String(customer.id) } },
      );
      const redeem = redeemVoucher(tillServer.db, { merchantId: race.basics.merchant.id, merchantUserId: 1, code: voucher.code, at: new Date(), timeZone: "Europe/London" });
      const [refunded, redeemed] = await Promise.allSettled([refund, redeem]);
      expect([refunded.status, redeemed.status].sort()).toEqual(["fulfilled", "rejected"]);

      const [row] = await race.database.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
      const [payment] = await race.database.db.select().from(payments).where(eq(payments.orderId, order.id));
      const [stock] = await race.database.db.select({ left: products.totalRemaining }).from(products).where(eq(products.id, product.id));
      const refunds = await race.database.db.select().from(voucherRefunds).where(eq(voucherRefunds.voucherId, voucher.id));
      const history = await race.database.db.select({ to: statusEvents.toStatus }).from(statusEvents).where(eq(statusEvents.aggregateId, voucher.id));
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
