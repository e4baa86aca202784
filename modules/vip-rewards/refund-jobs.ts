import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { defineJob, type JobDefinition } from "../jobs/definition";
import type { PaymentProvider } from "../payments/provider";
import { processVipRefundRequests, VIP_CHARGE_REFUND_JOB, VIP_REFUND_JOB } from "./process-refund-requests";
import { vipCharges } from "../vip/schema";

/**
 * Sends the refund of a VIP charge made straight at the gateway (a renewal without an order) with
 * the key it was booked under: however often the job runs, the money moves once. A refusal throws,
 * so the job retries and ends as a dead job for an operator (`npm run jobs`).
 */
export async function sendVipChargeRefund(db: Db, provider: PaymentProvider, payload: { chargeId: number; idempotencyKey: string; amount: number }): Promise<void> {
  const [charge] = await db.select({ authorizationId: vipCharges.authorizationId }).from(vipCharges).where(eq(vipCharges.id, payload.chargeId));
  if (!charge?.authorizationId) throw new Error(`VIP charge ${payload.chargeId} has no authorization to refund`);
  const result = await provider.refund({ idempotencyKey: payload.idempotencyKey, authorizationId: charge.authorizationId, amount: payload.amount });
  if (!result.ok) throw new Error(`VIP charge refund ${payload.idempotencyKey} declined by the gateway (${result.decline})`);
}

/** The VIP refund form's background work: carrying out answered requests, and charge refunds. */
export function vipRefundJobs(deps: { providerFor: (db: Db, clock: Clock) => PaymentProvider; linkOrigin: (brand: BrandId) => string }): JobDefinition[] {
  return [
    defineJob(
      VIP_REFUND_JOB,
      // Answered VIP refund requests: cash back, extra credit or stay VIP (one transaction each, idempotent).
      async ({ db, clock, log }) => {
        const done = await processVipRefundRequests(db, { clock, linkOrigin: deps.linkOrigin });
        if (done > 0) log.info({ done }, "VIP refund requests processed");
      },
      { schedule: { everyMs: 15 * 60_000 }, maxAttempts: 3 },
    ),
    defineJob(VIP_CHARGE_REFUND_JOB, async ({ db, clock, payload }) => {
      await sendVipChargeRefund(db, deps.providerFor(db, clock), {
        chargeId: Number(payload.chargeId),
        idempotencyKey: String(payload.idempotencyKey),
        amount: Number(payload.amount),
      });
    }),
  ];
}
