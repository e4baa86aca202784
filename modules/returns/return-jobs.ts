import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { defineJob, type JobDefinition } from "../jobs/definition";
import type { PaymentProvider } from "../payments/provider";
import { REFUND_RECEIVED_RETURN_JOB, refundReceivedReturn } from "./refund-received-return";

export function returnJobs(deps: { providerFor: (db: Db, clock: Clock) => PaymentProvider; linkOrigin: (brand: BrandId) => string }): JobDefinition[] {
  return [
    // Goods the merchant received back: the refund, queued by the merchant's "received".
    defineJob(REFUND_RECEIVED_RETURN_JOB, async ({ db, clock, log, payload }) => {
      await refundReceivedReturn(db, { provider: deps.providerFor(db, clock), clock, log, linkOrigin: deps.linkOrigin }, { voucherId: Number(payload.voucherId) });
    }),
  ];
}
