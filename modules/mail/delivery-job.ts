import { defineJob, type JobDefinition } from "../jobs/definition";
import { deliverDueMail, type MailTransport } from "./deliver";

export const MAIL_DELIVERY_JOB = "mail.deliver";

/**
 * Delivers due outbox mail every second, as one scheduled job that reuses its row: whichever
 * instance claims it sends the batch, so mail leaves within a couple of seconds of its commit.
 * Each message keeps its own retries and dead status in the outbox; this job only pumps it.
 */
export function mailDeliveryJob(options: { transport: MailTransport; defaultFrom: string }): JobDefinition {
  return defineJob(
    MAIL_DELIVERY_JOB,
    async ({ db, clock, log }) => {
      const report = await deliverDueMail(db, options.transport, { clock, defaultFrom: options.defaultFrom });
      if (report.sent || report.failed || report.dead) log.info({ ...report, via: options.transport.name }, "outbox delivery");
      if (report.dead) log.error({ dead: report.dead }, "outbox messages gave up after repeated failures");
    },
    { schedule: { everyMs: 1000 }, backoff: { baseMs: 1000, maxMs: 30_000 } },
  );
}
