import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { grantVipYear } from "../accounts/grant-vip";
import { enqueue } from "../mail/outbox";
import type { LineGifting } from "../basket/schema";
import { voucherExpiry } from "../vouchers/issue-vouchers";
import { eGiftEmail } from "./gift-email";

/** An order line as the order's transaction just wrote it. */
export interface WrittenLine {
  id: number;
  kind: string;
  addonType: string | null;
  title: string;
  gifting: LineGifting | null;
}

/**
 * What an order's add-ons and gifts do once it is written, in the order's transaction: the VIP
 * add-on (VVE) makes the customer VIP for a year, and every E-gift line emails its vouchers to
 * the recipient. Deal protection (DVP) needs nothing here: the order line is the record of it.
 * Takes the lines and vouchers the transaction wrote rather than reading them back: the deals'
 * row locks are still held.
 */
export async function fulfilOrderExtras(
  tx: Db,
  order: {
    customerId: number;
    brand: BrandId;
    senderName: string;
    now: Date;
    lines: readonly WrittenLine[];
    vouchers: readonly { code: string; orderLineId: number }[];
  },
  clock: Clock,
): Promise<void> {
  const { lines } = order;
  if (lines.some((line) => line.kind === "addon" && line.addonType === "VVE")) await grantVipYear(tx, order.customerId, order.now);
  const eGifts = lines.filter((line) => line.gifting?.type === "E_GIFT" && line.gifting.recipientEmail);
  for (const line of eGifts) {
    const codes = order.vouchers.filter((voucher) => voucher.orderLineId === line.id).map((voucher) => voucher.code);
    if (codes.length === 0) continue;
    await enqueue(
      tx,
      eGiftEmail({
        brand: order.brand,
        senderName: order.senderName,
        recipientName: line.gifting!.recipientName ?? "",
        recipientEmail: line.gifting!.recipientEmail!,
        title: line.title,
        message: line.gifting!.message ?? null,
        voucherCodes: codes,
        expiresAt: voucherExpiry(order.now),
      }),
      clock,
    );
  }
}
