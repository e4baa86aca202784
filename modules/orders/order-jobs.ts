import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { defineJob, type JobDefinition } from "../jobs/definition";
import type { PaymentProvider } from "../payments/provider";
import { pruneOrderAttempts } from "./prune-order-attempts";
import { settlePayments } from "./settle-payments";

/** The orders' background work: the payment sweeper and the prune of old order attempts. */
export function orderJobs(deps: { providerFor: (db: Db, clock: Clock) => PaymentProvider }): JobDefinition[] {
  return [
    defineJob(
      "payments.settle",
      // Voids authorizations no order uses and retries captures that did not get through (idempotent steps).
      async ({ db, clock, log }) => {
        await settlePayments({ db, provider: deps.providerFor(db, clock), clock, log });
      },
      { schedule: { everyMs: 60_000 }, maxAttempts: 3 },
    ),
    defineJob(
      "orders.prune-attempts",
      async ({ db, clock, log }) => {
        log.info({ removed: await pruneOrderAttempts(db, clock) }, "old order attempts removed");
      },
      { schedule: { dailyAtUtc: "03:15" }, maxAttempts: 3 },
    ),
  ];
}
