import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import type { Logger } from "pino";
import { customers } from "../accounts/schema";
import type { PaymentProvider } from "../payments/provider";
import { refundReturnedVoucher } from "../refunds/refund-returned-item";
import { closeRefundedReturn } from "./close-return";
import { returnOrders } from "./schema";

/** Queued by `receiveReturn` in its transaction: the refund follows the merchant's receipt. */
export const REFUND_RECEIVED_RETURN_JOB = "returns.refund-received";

/**
 * Refunds a return the merchant has received (spec §9: aimed within 5 days of receipt; we do it
 * as soon as the job runs) and closes it. Both steps are idempotent, so a retry after a crash
 * between them refunds once and then closes: the refund answers a repeat with the first refund.
 */
export async function refundReceivedReturn(
  db: Db,
  services: { provider: PaymentProvider; clock: Clock; log?: Logger; linkOrigin(brand: BrandId): string },
  request: { voucherId: number },
): Promise<void> {
  const [open] = await db
    .select({ brand: customers.brand })
    .from(returnOrders)
    .innerJoin(customers, eq(customers.id, returnOrders.customerId))
    .where(and(eq(returnOrders.voucherId, request.voucherId), isNull(returnOrders.closedAt)));
  if (!open) return;
  await refundReturnedVoucher(
    db,
    { provider: services.provider, clock: services.clock, log: services.log, linkOrigin: services.linkOrigin(open.brand) },
    { voucherId: request.voucherId, actor: { type: "system", id: REFUND_RECEIVED_RETURN_JOB }, reason: "returned to the merchant" },
  );
  await closeRefundedReturn(db, { voucherId: request.voucherId, at: services.clock.now() });
}
