import type { Logger } from "pino";
import type { Database } from "../db/client";
import type { Clock } from "../lib/clock";
import type { Config } from "../lib/config";
import { JobRunner } from "../modules/jobs/runner";
import type { MailTransport } from "../modules/mail/deliver";
import { devMailboxTransport, smtpTransport } from "../modules/mail/transports";
import { shopJobs } from "./jobs";

/** How mail leaves: SMTP when configured, else the development mailbox, else it waits in the outbox. */
export function mailTransport(config: Config): MailTransport | null {
  if (config.SMTP_URL) return smtpTransport(config.SMTP_URL);
  return config.devMailbox ? devMailboxTransport : null;
}

/**
 * Work that runs beside the HTTP server in every instance: the job runner (mail delivery, the
 * payment sweeper, clean-ups and whatever else is queued), sharing the jobs table with the other
 * instances.
 */
export function startBackgroundWork(deps: { database: Database; config: Config; logger: Logger; clock: Clock }): { stop(): Promise<void> } {
  const transport = mailTransport(deps.config);
  if (!transport) deps.logger.warn("SMTP_URL is not set and the development mailbox is off: mail waits in the outbox until SMTP_URL is set");
  const runner = new JobRunner({
    db: deps.database.db,
    clock: deps.clock,
    log: deps.logger.child({ worker: "jobs" }),
    jobs: shopJobs({ mail: transport ? { transport, defaultFrom: deps.config.MAIL_FROM } : null, publicOrigins: deps.config.publicOrigins }),
  });
  runner.start();
  return { stop: () => runner.stop() };
}
