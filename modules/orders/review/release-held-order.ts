import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Clock } from "../../../lib/clock";
import { issueGiftCards } from "../../gift-cards/issue-gift-cards";
import { enqueue } from "../../mail/outbox";
import type { Actor } from "../../states/transition";
import { releaseHeldVouchers } from "../../vouchers/held-vouchers";
import { sendEGifts } from "../order-extras";
import { storedOrderConfirmation } from "../resend-confirmation";
import { orderLines, type orders } from "../schema";

/**
 * What placement held back, released when a reviewer approves the order, in the decision's
 * transaction: the vouchers (Ready to Redeem), the E-gifts to their recipients, the gift cards,
 * and the order confirmation with the codes the shopper may see now.
 */
export async function releaseHeldOrder(
  tx: Db,
  release: { order: typeof orders.$inferSelect; firstName: string; actor: Actor; at: Date; reason: string; clock: Clock; origin: string },
): Promise<{ vouchers: number }> {
  const { order, at } = release;
  const released = await releaseHeldVouchers(tx, { orderId: order.id, actor: release.actor, at, reason: release.reason });
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.id);
  await sendEGifts(
    tx,
    {
      id: order.id,
      customerId: order.customerId,
      brand: order.brand,
      senderName: release.firstName,
      now: at,
      actor: release.actor,
      linkOrigin: release.origin,
      lines,
      vouchers: released,
    },
    release.clock,
  );
  const giftCardLines = lines.filter((line) => line.kind === "gift_card");
  if (giftCardLines.length > 0) {
    await issueGiftCards(tx, {
      orderId: order.id,
      buyerCustomerId: order.customerId,
      buyerEmail: order.email,
      senderName: release.firstName,
      brand: order.brand,
      currency: order.currency,
      at,
      actor: release.actor,
      linkOrigin: release.origin,
      clock: release.clock,
      lines: giftCardLines.map((line) => ({
        orderLineId: line.id,
        amount: line.unitPrice,
        recipientName: line.gifting?.recipientName ?? null,
        recipientEmail: line.gifting?.type === "E_GIFT" ? (line.gifting.recipientEmail ?? null) : null,
        message: line.gifting?.message ?? null,
      })),
    });
  }
  const confirmation = await storedOrderConfirmation(tx, {
    customerId: order.customerId,
    orderId: order.id,
    to: order.email,
    firstName: release.firstName,
    at,
    origin: release.origin,
  });
  if (confirmation) await enqueue(tx, confirmation, release.clock);
  return { vouchers: released.length };
}
