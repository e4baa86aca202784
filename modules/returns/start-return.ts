import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { enqueue } from "../mail/outbox";
import { transition } from "../states/transition";
import { VOUCHER_PROCESS } from "../vouchers/voucher-process";
import { returnError } from "./errors";
import { returnStartedEmail } from "./return-emails";
import { isReturnReason, RETURN_COMMENTS_MAX } from "./return-reasons";
import { newReturnReference } from "./return-reference";
import { findReturnableVoucher } from "./returnable-voucher";
import { returnsLabelPath } from "./returns-label";
import { returnOrders } from "./schema";

export interface StartedReturn {
  returnId: number;
  reference: string;
  labelPath: string;
}

/**
 * The shopper starts a return of delivered goods within the return window (the after-sale
 * rules, checked under the voucher's row lock): a return row with a random reference, the
 * voucher Redeemed → Return Requested, and an email with the label link. Asking again while the
 * return is open (a double click) answers the same return.
 */
export async function startReturn(
  services: { db: Db; clock: Clock },
  input: { customerId: number; voucherId: number; reason: string; comments?: string | null; linkOrigin: string },
): Promise<StartedReturn> {
  if (!isReturnReason(input.reason)) throw returnError("REASON_REQUIRED");
  const comments = input.comments?.trim() || null;
  if (comments !== null && comments.length > RETURN_COMMENTS_MAX) throw returnError("COMMENTS_TOO_LONG");
  const now = services.clock.now();

  return services.db.transaction(async (tx) => {
    const row = await findReturnableVoucher(tx, { customerId: input.customerId, voucherId: input.voucherId, now, lock: true });
    if (!row) throw returnError("VOUCHER_NOT_FOUND");
    const { voucher } = row;

    const [open] = await tx.select().from(returnOrders).where(and(eq(returnOrders.voucherId, voucher.id), isNull(returnOrders.closedAt)));
    if (open) return { returnId: open.id, reference: open.reference, labelPath: returnsLabelPath(open.id) };
    if (!row.option.allowed) throw returnError("RETURN_NOT_ALLOWED", undefined, row.option.reason);

    const [created] = await tx
      .insert(returnOrders)
      .values({
        voucherId: voucher.id,
        orderId: voucher.orderId,
        customerId: voucher.customerId,
        merchantId: voucher.merchantId,
        reason: input.reason,
        comments,
        reference: newReturnReference(),
        createdAt: now,
      })
      .returning();
    await transition(tx, VOUCHER_PROCESS, {
      id: voucher.id,
      from: "REDEEMED",
      to: "RETURN_REQUESTED",
      actor: { type: "customer", id: String(input.customerId) },
      at: now,
      reason: input.reason,
      data: { returnId: created.id },
    });
    const labelPath = returnsLabelPath(created.id);
    await enqueue(
      tx,
      returnStartedEmail({
        brand: row.brand,
        to: row.email,
        firstName: row.firstName,
        reference: created.reference,
        item: `${voucher.dealTitle}, ${voucher.productName}`,
        origin: input.linkOrigin,
        labelPath,
      }),
      services.clock,
    );
    return { returnId: created.id, reference: created.reference, labelPath };
  });
}
