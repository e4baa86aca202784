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

/** What the order's transaction wrote, as the add-on and gift steps need it. */
export interface WrittenOrder {
  customerId: number;
  brand: BrandId;
  senderName: string;
  now: Date;
  lines: readonly WrittenLine[];
  vouchers: readonly { code: string; orderLineId: number }[];
}

/** The VIP add-on (VVE) makes the customer VIP for a year. */
export async function grantVipAddon(tx: Db, order: WrittenOrder): Promise<void> {
  if (order.lines.some((line) => line.kind === "addon" && line.addonType === "VVE")) await grantVipYear(tx, order.customerId, order.now);
}

/**
 * Every E-gift line emails its vouchers to the recipient. Takes the lines and vouchers the
 * transaction wrote rather than reading them back: the deals' row locks are still held. (Deal
 * protection, DVP, needs nothing once written: the order line is the record of it.)
 */
export async function sendEGifts(tx: Db, order: WrittenOrder, clock: Clock): Promise<void> {
  const eGifts = order.lines.filter((line) => line.gifting?.type === "E_GIFT" && line.gifting.recipientEmail);
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
