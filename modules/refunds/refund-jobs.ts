import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { defineJob, type JobDefinition } from "../jobs/definition";
import { sendCardRefund } from "../payments/payment-refunds";
import type { PaymentProvider } from "../payments/provider";
import { CREDIT_EXCHANGE_JOB } from "./exchange-for-credit";
import { CARD_REFUND_JOB } from "./give-back-money";
import { processCreditExchange } from "./process-credit-exchange";

/**
 * The refunds' background work: sending booked card refunds to the gateway (the request tries
 * once itself; this retries with backoff until the gateway answers, and a refund it declines ends
 * as a dead job for an operator: `npm run jobs`), and turning requested exchanges into credit.
 */
export function refundJobs(providerFor: (db: Db, clock: Clock) => PaymentProvider): JobDefinition[] {
  return [
    defineJob(CARD_REFUND_JOB, async ({ db, clock, payload }) => {
      const key = String(payload.idempotencyKey);
      const status = await sendCardRefund(db, providerFor(db, clock), key, clock.now());
      if (status !== "succeeded") throw new Error(`card refund ${key} is ${status === "failed" ? "declined by the gateway" : "not answered yet"}`);
    }),
    defineJob(CREDIT_EXCHANGE_JOB, async ({ db, clock, payload }) => {
      await processCreditExchange(db, clock, { voucherId: Number(payload.voucherId), returnUnit: payload.returnUnit === true, origin: String(payload.origin) });
    }),
  ];
}
