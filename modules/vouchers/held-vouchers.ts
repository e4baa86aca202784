import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type Actor, transition } from "../states/transition";
import { vouchers } from "./schema";
import { VOUCHER_PROCESS } from "./voucher-process";

type HeldVoucher = Pick<typeof vouchers.$inferSelect, "id" | "customerId" | "dealId" | "productId" | "orderLineId" | "createdAt" | "availableAt">;

async function lockHeld(tx: Db, orderId: number): Promise<HeldVoucher[]> {
  return tx
    .select({
      id: vouchers.id,
      customerId: vouchers.customerId,
      dealId: vouchers.dealId,
      productId: vouchers.productId,
      orderLineId: vouchers.orderLineId,
      createdAt: vouchers.createdAt,
      availableAt: vouchers.availableAt,
    })
    .from(vouchers)
    .where(and(eq(vouchers.orderId, orderId), eq(vouchers.status, "HELD")))
    .orderBy(vouchers.id)
    .for("update");
}

/**
 * A held order's vouchers, approved by fraud review: Ready to Redeem. They become available when
 * they would have (24 hours after purchase), or now if the review took longer.
 */
export async function releaseHeldVouchers(tx: Db, release: { orderId: number; actor: Actor; at: Date; reason: string }): Promise<HeldVoucher[]> {
  const held = await lockHeld(tx, release.orderId);
  for (const voucher of held) {
    const availableAt = voucher.availableAt > release.at ? voucher.availableAt : release.at;
    await transition(tx, VOUCHER_PROCESS, {
      id: voucher.id,
      from: "HELD",
      to: "READY_TO_REDEEM",
      actor: release.actor,
      at: release.at,
      reason: release.reason,
      set: { availableAt },
    });
  }
  return held;
}

/** A held order's vouchers, rejected by fraud review: Cancelled (the caller gives back their units). */
export async function cancelHeldVouchers(tx: Db, cancel: { orderId: number; actor: Actor; at: Date; reason: string }): Promise<HeldVoucher[]> {
  const held = await lockHeld(tx, cancel.orderId);
  for (const voucher of held) {
    await transition(tx, VOUCHER_PROCESS, { id: voucher.id, from: "HELD", to: "CANCELLED", actor: cancel.actor, at: cancel.at, reason: cancel.reason });
  }
  return held;
}
