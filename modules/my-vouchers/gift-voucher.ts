import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { giftFields } from "../basket/gifting";
import { giftError } from "../gifts/errors";
import { sendGift } from "../gifts/send-gift";
import type { Actor } from "../states/transition";
import { vouchers } from "../vouchers/schema";
import { findMyVoucherRow, myVoucher } from "./my-vouchers";

export interface GiftItRequest {
  /** The buyer, who must be the voucher's customer. */
  customerId: number;
  senderName: string;
  voucherId: number;
  recipientName: string;
  recipientEmail: string;
  message: string | null;
  actor: Actor;
}

/**
 * "Gift it": the buyer gives a voucher they kept, as an E-gift would (spec §4 display states): the
 * recipient gets a gift code by email and the buyer no longer sees the voucher's code. The
 * recipient's name and email and the message follow the checkout's E-gift rules. Offered only where
 * My Vouchers shows "Gift it" (the same rule, checked under the voucher's row lock, so a refund or
 * a second "Gift it" at the same moment cannot both happen).
 */
export async function giftVoucher(services: { db: Db; clock: Clock; brand: BrandId; linkOrigin: string }, request: GiftItRequest): Promise<{ recipientEmail: string }> {
  const { gifting } = giftFields({
    gift: true,
    type: "E_GIFT",
    giftPackProductId: null,
    giftProductId: null,
    recipientName: request.recipientName,
    recipientEmail: request.recipientEmail,
    message: request.message,
  });
  const recipient = { name: gifting!.recipientName!, email: gifting!.recipientEmail!, message: gifting!.message ?? null };
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    await tx.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.id, request.voucherId)).for("update");
    const row = await findMyVoucherRow(tx, request.customerId, request.voucherId);
    if (!row || row.voucher.customerId !== request.customerId) throw giftError("VOUCHER_NOT_FOUND");
    const state = myVoucher(row, request.customerId, now).gift?.state;
    if (state === "GIFTED") throw giftError("VOUCHER_ALREADY_GIFTED");
    if (state !== "GIFT_IT") throw giftError("VOUCHER_NOT_GIFTABLE");
    const { voucher } = row;
    await sendGift(
      tx,
      {
        voucherIds: [voucher.id],
        orderId: voucher.orderId,
        buyerCustomerId: voucher.customerId,
        recipientName: recipient.name,
        recipientEmail: recipient.email,
        message: recipient.message,
        title: `${voucher.dealTitle} (${voucher.productName})`,
      },
      { brand: services.brand, senderName: request.senderName, origin: services.linkOrigin, at: now, actor: request.actor, clock: services.clock },
    );
  });
  return { recipientEmail: recipient.email };
}
