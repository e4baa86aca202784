import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { grantVipYear } from "../accounts/grant-vip";
import { enqueue } from "../mail/outbox";
import { vouchers } from "../vouchers/schema";
import { eGiftEmail } from "./gift-email";
import { orderLines } from "./schema";

/**
 * What an order's add-ons and gifts do once it is written, in the order's transaction: the VIP
 * add-on (VVE) makes the customer VIP for a year, and every E-gift line emails its vouchers to
 * the recipient. Deal protection (DVP) needs nothing here: the order line is the record of it.
 */
export async function fulfilOrderExtras(
  tx: Db,
  order: { id: number; customerId: number; brand: BrandId; senderName: string; now: Date },
  clock: Clock,
): Promise<void> {
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
  if (lines.some((line) => line.kind === "addon" && line.addonType === "VVE")) await grantVipYear(tx, order.customerId, order.now);
  const eGifts = lines.filter((line) => line.gifting?.type === "E_GIFT" && line.gifting.recipientEmail);
  if (eGifts.length === 0) return;
  const issued = await tx.select().from(vouchers).where(eq(vouchers.orderId, order.id)).orderBy(asc(vouchers.id));
  for (const line of eGifts) {
    const own = issued.filter((voucher) => voucher.orderLineId === line.id);
    if (own.length === 0) continue;
    await enqueue(
      tx,
      eGiftEmail({
        brand: order.brand,
        senderName: order.senderName,
        recipientName: line.gifting!.recipientName ?? "",
        recipientEmail: line.gifting!.recipientEmail!,
        title: line.title,
        message: line.gifting!.message ?? null,
        voucherCodes: own.map((voucher) => voucher.code),
        expiresAt: own[0].expiresAt,
      }),
      clock,
    );
  }
}
