import type { Logger } from "pino";
import type { Db } from "../db/client";
import type { Clock } from "../lib/clock";
import { settlePayments } from "../modules/orders/settle-payments";
import { SandboxPaymentProvider } from "../modules/payments/sandbox/sandbox-provider";

const SWEEP_INTERVAL_MS = 60_000;

/**
 * Runs the payment sweeper once a minute in this instance: voids authorizations no order uses and
 * retries captures that did not get through. Every instance may run it (all steps are idempotent).
 */
export function startPaymentSweeper(deps: { db: Db; clock: Clock; logger: Logger }): () => void {
  const provider = new SandboxPaymentProvider(deps.db, deps.clock);
  const log = deps.logger.child({ job: "payment-sweeper" });
  const timer = setInterval(() => {
    settlePayments({ db: deps.db, provider, clock: deps.clock, log }).catch((error: unknown) => log.warn({ err: error }, "payment sweep failed"));
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
