import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import type { LineGifting } from "../basket/schema";
import { sendGift } from "../gifts/send-gift";
import type { Actor } from "../states/transition";

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
  id: number;
  customerId: number;
  brand: BrandId;
  senderName: string;
  now: Date;
  actor: Actor;
  /** Origin for links in emails. */
  linkOrigin: string;
  lines: readonly WrittenLine[];
  vouchers: readonly { id: number; orderLineId: number }[];
}

/**
 * Every E-gift line's vouchers become gifts (spec §4): the vouchers are the buyer's, each gets a
 * gift code, and the recipient is emailed the codes and the link to /mygift, never the voucher
 * codes. Takes the lines and vouchers the transaction wrote rather than reading them back: the
 * deals' row locks are still held. (Deal protection, DVP, needs nothing once written: the order
 * line is the record of it.)
 */
export async function sendEGifts(tx: Db, order: WrittenOrder, clock: Clock): Promise<void> {
  for (const line of order.lines) {
    const gifting = line.gifting;
    if (gifting?.type !== "E_GIFT" || !gifting.recipientEmail) continue;
    await sendGift(
      tx,
      {
        voucherIds: order.vouchers.filter((voucher) => voucher.orderLineId === line.id).map((voucher) => voucher.id),
        orderId: order.id,
        buyerCustomerId: order.customerId,
        recipientName: gifting.recipientName ?? "",
        recipientEmail: gifting.recipientEmail,
        message: gifting.message ?? null,
        title: line.title,
      },
      { brand: order.brand, senderName: order.senderName, origin: order.linkOrigin, at: order.now, actor: order.actor, clock },
    );
  }
}
