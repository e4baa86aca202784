import { subMonths } from "date-fns";
import { and, asc, desc, eq, gte, inArray, lt, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Currency } from "../../lib/money";
import { vipAddonPurchases } from "../vip-rewards/vip-purchases";
import { vipCharges } from "../vip/schema";
import { vipRefundRequests } from "./schema";

/** Spec §9: a VIP cash refund is requested within 12 months (of the payment; the invitation lasts as long). */
export const VIP_REFUND_WINDOW_MONTHS = 12;
/** Spec §9: the extra-credit option adds 20% to what was paid. */
export const VIP_EXTRA_CREDIT_PERCENT = 20;

/** A VIP payment a refund may give back: a VIP year bought with an order, or a renewal charge. */
export type VipPaymentSource =
  | { kind: "order"; orderId: number; amount: number; at: Date }
  | { kind: "charge"; chargeId: number; orderId: number | null; authorizationId: string | null; amount: number; at: Date };

/** The credit of the extra-credit option: what was paid plus 20%, to the nearest minor unit. */
export function extraCreditFor(paid: number): number {
  return Math.round((paid * (100 + VIP_EXTRA_CREDIT_PERCENT)) / 100);
}

/**
 * The VIP payments an invitation sent at `invitedAt` covers: those of the 12 months before it, in
 * the customer's currency, less what was refunded of them, and none an earlier settled refund
 * request already covered (everything before that invitation). A renewal charge paid through an
 * order stands for that order's VIP line. Newest first (refunds give back the latest first).
 */
export async function coveredVipPayments(db: Db, request: { customerId: number; currency: Currency; invitedAt: Date }): Promise<VipPaymentSource[]> {
  const [previous] = await db
    .select({ invitedAt: vipRefundRequests.invitedAt })
    .from(vipRefundRequests)
    .where(
      and(
        eq(vipRefundRequests.customerId, request.customerId),
        eq(vipRefundRequests.status, "PROCESSED"),
        inArray(vipRefundRequests.choice, ["cash_refund", "extra_credit"]),
        lte(vipRefundRequests.invitedAt, request.invitedAt),
      ),
    )
    .orderBy(desc(vipRefundRequests.invitedAt))
    .limit(1);
  const windowStart = subMonths(request.invitedAt, VIP_REFUND_WINDOW_MONTHS);
  const since = previous && previous.invitedAt > windowStart ? previous.invitedAt : windowStart;

  const charges = await db
    .select()
    .from(vipCharges)
    .where(
      and(
        eq(vipCharges.customerId, request.customerId),
        eq(vipCharges.currency, request.currency),
        eq(vipCharges.status, "paid"),
        gte(vipCharges.createdAt, since),
        lt(vipCharges.createdAt, request.invitedAt),
      ),
    )
    .orderBy(asc(vipCharges.createdAt));
  const chargedOrders = new Set(charges.flatMap((charge) => (charge.orderId === null ? [] : [charge.orderId])));
  const bought = await vipAddonPurchases(db, request.customerId, { since, until: request.invitedAt, currency: request.currency });
  const sources: VipPaymentSource[] = [
    ...bought.filter((purchase) => !chargedOrders.has(purchase.orderId)).map((purchase) => ({ kind: "order" as const, orderId: purchase.orderId, amount: purchase.amount, at: purchase.at })),
    ...charges.map((charge) => ({
      kind: "charge" as const,
      chargeId: charge.id,
      orderId: charge.orderId,
      authorizationId: charge.authorizationId,
      amount: charge.amount - charge.refundedAmount,
      at: charge.createdAt,
    })),
  ];
  return sources.filter((source) => source.amount > 0).sort((a, b) => b.at.getTime() - a.at.getTime());
}
