import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { customers } from "../accounts/schema";
import { enqueueJob } from "../jobs/enqueue";
import { enqueue } from "../mail/outbox";
import { transition } from "../states/transition";
import { VOUCHER_PROCESS } from "../vouchers/voucher-process";
import { returnError } from "./errors";
import { lockReturn } from "./locked-return";
import { REFUND_RECEIVED_RETURN_JOB } from "./refund-received-return";
import { returnReceivedEmail } from "./return-emails";
import { returnOrders } from "./schema";

export interface ReceivedReturn {
  returnId: number;
  voucherId: number;
  status: "RETURNED_TO_MERCHANT" | "REFUNDED";
  receivedAt: Date;
}

/**
 * The merchant confirms the parcel arrived (typing or scanning the label's reference): the
 * voucher becomes Returned to the Merchant, the shopper is told, and a job refunds it
 * (`refund-received-return.ts`). A
 * parcel that arrives before the shopper said it was posted passes through Return in Transit (the
 * voucher process has no shortcut). Confirming again changes nothing; another merchant's
 * reference is "not found", a withdrawn return is refused.
 */
export async function receiveReturn(
  services: { db: Db; clock: Clock; linkOrigin(brand: BrandId): string },
  input: { merchantId: number; merchantUserId: number; reference: string },
): Promise<ReceivedReturn> {
  const now = services.clock.now();
  const reference = input.reference.trim().toUpperCase();
  return services.db.transaction(async (tx) => {
    const { ret, voucher } = await lockReturn(tx, { merchantId: input.merchantId, reference });
    if (ret.receivedAt) return { returnId: ret.id, voucherId: voucher.id, status: voucher.status === "REFUNDED" ? "REFUNDED" : "RETURNED_TO_MERCHANT", receivedAt: ret.receivedAt };
    if (ret.closedAt) throw returnError("RETURN_CLOSED");

    const actor = { type: "merchant" as const, id: String(input.merchantId) };
    const data = { returnId: ret.id, merchantUserId: input.merchantUserId };
    if (voucher.status === "RETURN_REQUESTED") {
      await transition(tx, VOUCHER_PROCESS, { id: voucher.id, from: "RETURN_REQUESTED", to: "RETURN_IN_TRANSIT", actor, at: now, reason: "received before it was reported posted", data });
    }
    await transition(tx, VOUCHER_PROCESS, { id: voucher.id, from: "RETURN_IN_TRANSIT", to: "RETURNED_TO_MERCHANT", actor, at: now, data });
    await tx.update(returnOrders).set({ receivedAt: now }).where(eq(returnOrders.id, ret.id));
    await enqueueJob(tx, REFUND_RECEIVED_RETURN_JOB, { voucherId: voucher.id }, { clock: services.clock, uniqueKey: `return-refund:${voucher.id}` });

    const [shopper] = await tx.select({ email: customers.email, firstName: customers.firstName, brand: customers.brand }).from(customers).where(eq(customers.id, ret.customerId));
    await enqueue(
      tx,
      returnReceivedEmail({
        brand: shopper.brand,
        to: shopper.email,
        firstName: shopper.firstName,
        reference: ret.reference,
        item: `${voucher.dealTitle}, ${voucher.productName}`,
        origin: services.linkOrigin(shopper.brand),
      }),
      services.clock,
    );
    return { returnId: ret.id, voucherId: voucher.id, status: "RETURNED_TO_MERCHANT", receivedAt: now };
  });
}
