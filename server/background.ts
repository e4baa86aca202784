import type { Logger } from "pino";
import type { Database } from "../db/client";
import type { Clock } from "../lib/clock";
import type { Config } from "../lib/config";
import { JobRunner } from "../modules/jobs/runner";
import type { Adapters } from "./adapters";
import { shopJobs } from "./jobs";

/**
 * Work that runs beside the HTTP server in every instance: the job runner (mail delivery, the
 * payment sweeper, clean-ups and whatever else is queued), sharing the jobs table with the other
 * instances.
 */
export function startBackgroundWork(deps: { database: Database; config: Config; logger: Logger; clock: Clock; adapters: Adapters }): { stop(): Promise<void> } {
  if (!deps.adapters.mail) deps.logger.warn("SMTP_URL is not set and the development mailbox is off: mail waits in the outbox until SMTP_URL is set");
  const runner = new JobRunner({
    db: deps.database.db,
    clock: deps.clock,
    log: deps.logger.child({ worker: "jobs" }),
    jobs: shopJobs({ adapters: deps.adapters, defaultFrom: deps.config.MAIL_FROM, publicOrigins: deps.config.publicOrigins, payoutCutoff: deps.config.PAYOUT_CUTOFF }),
  });
  runner.start();
  return { stop: () => runner.stop() };
}
