/**
 * A gift's buyer cancelling (the 14-day refund) while, on another app instance with its own
 * connection pool, the recipient's voucher is redeemed at the till or the gift code is claimed,
 * against one PostgreSQL database. Never both the buyer refunded and the recipient able to use
 * it; never a deadlock (every path locks the voucher, then the gift). PostgreSQL only.
 */
import { eq } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { systemClock } from "../../lib/clock";
import { insertCustomer } from "../../tests/support/buying-fixtures";
import { buyEGift } from "../../tests/support/gift-fixtures";
import { twoInstancesOnOneDatabase } from "../../tests/support/two-instances";
import type { CustomerSummary } from "../accounts/customers";
import type { Db } from "../../db/client";
import { outboxMessages } from "../mail/schema";
import { SandboxPaymentProvider } from "../payments/sandbox/sandbox-provider";
import { refundVoucher } from "../refunds/refund-voucher";
import { voucherRefunds } from "../refunds/schema";
import { redeemVoucher } from "../vouchers/redeem-voucher";
import { vouchers } from "../vouchers/schema";
import { claimGift } from "./claim-gift";
import { giftClaims } from "./schema";

const origin = "http://localhost:3000";
const actorOf = (customer: CustomerSummary) => ({ type: "customer" as const, id: String(customer.id) });

describe.skipIf(!process.env.DATABASE_URL)("a gift's buyer cancelling while its recipient uses it (two instances, one PostgreSQL)", () => {
  const race = twoInstancesOnOneDatabase(3);

  /** An E-gift bought a day ago (so its code is ready) for a new recipient. */
  async function gift() {
    const [buyer, recipient] = [await insertCustomer(race.database.db), await insertCustomer(race.database.db)];
    const bought = await buyEGift(race.database.db, systemClock, race.basics, buyer, { recipientEmail: recipient.email });
    const [voucher] = await race.database.db
      .update(vouchers)
      .set({ availableAt: new Date(Date.now() - 3_600_000) })
      .where(eq(vouchers.id, bought.vouchers[0].id))
      .returning();
    const [claim] = await race.database.db.select().from(giftClaims).where(eq(giftClaims.voucherId, voucher.id));
    const refund = (db: Db) =>
      refundVoucher(
        db,
        { provider: new SandboxPaymentProvider(db, systemClock), clock: systemClock, log: pino({ level: "silent" }), linkOrigin: origin },
        { voucherId: voucher.id, customerId: buyer.id, destination: "original", actor: actorOf(buyer) },
      );
    const claimAs = (db: Db) =>
      claimGift({ db, clock: systemClock, brand: "wowcher", linkOrigin: origin }, { code: claim.code, customer: { id: recipient.id, email: recipient.email, firstName: "Grace" }, actor: actorOf(recipient) });
    const cancelledMail = async () => (await race.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, recipient.email)).orderBy(outboxMessages.id)).filter((mail) => mail.subject.includes("cancelled"));
    return { voucher, claim, refund, claimAs, cancelledMail };
  }

  it("a claimed gift refunded while the till redeems it: exactly one wins, and a refund always reaches the recipient", async () => {
    for (let round = 0; round < 6; round++) {
      const { voucher, refund, claimAs, cancelledMail } = await gift();
      await claimAs(race.database.db);
      const [shop, till] = round % 2 === 0 ? race.servers : [...race.servers].reverse();
      const [refunded, redeemed] = await Promise.allSettled([
        refund(shop.db),
        redeemVoucher(till.db, { merchantId: race.basics.merchant.id, merchantUserId: 1, code: voucher.code, at: new Date(), timeZone: "Europe/London" }),
      ]);
      expect([refunded.status, redeemed.status].sort()).toEqual(["fulfilled", "rejected"]);
      const [row] = await race.database.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
      const refunds = await race.database.db.select().from(voucherRefunds).where(eq(voucherRefunds.voucherId, voucher.id));
      if (refunded.status === "fulfilled") {
        expect(redeemed).toMatchObject({ status: "rejected", reason: { code: "REFUNDED" } });
        expect(row.status).toBe("REFUNDED");
        expect(refunds).toHaveLength(1);
        expect(await cancelledMail()).toHaveLength(1);
      } else {
        expect(refunded).toMatchObject({ status: "rejected", reason: { code: "REFUND_NOT_ALLOWED" } });
        expect(row.status).toBe("REDEEMED");
        expect(refunds).toEqual([]);
        expect(await cancelledMail()).toEqual([]);
      }
    }
  }, 120_000);

  it("a gift refunded while its code is claimed: no deadlock, and the recipient never keeps a live voucher the buyer was refunded for", async () => {
    for (let round = 0; round < 6; round++) {
      const { voucher, claim, refund, claimAs, cancelledMail } = await gift();
      const [shop, recipientServer] = round % 2 === 0 ? race.servers : [...race.servers].reverse();
      const [refunded, claimed] = await Promise.allSettled([refund(shop.db), claimAs(recipientServer.db)]);
      // The 14-day cancellation stands either way: before the claim it voids the code, after it it ends the held voucher.
      expect(refunded.status).toBe("fulfilled");
      const [row] = await race.database.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
      const [after] = await race.database.db.select().from(giftClaims).where(eq(giftClaims.id, claim.id));
      expect(row.status).toBe("REFUNDED");
      if (claimed.status === "fulfilled") {
        expect(after.status).toBe("CLAIMED");
      } else {
        expect(claimed.reason).toMatchObject({ code: "GIFT_CODE_NOT_RECOGNIZED" });
        expect(after.status).toBe("CANCELLED");
        expect(row.holderCustomerId).toBeNull();
      }
      expect(await cancelledMail()).toHaveLength(1);
    }
  }, 120_000);
});
