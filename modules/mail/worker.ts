import type { Logger } from "pino";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { deliverDueMail, type MailTransport } from "./deliver";

export interface OutboxWorker {
  /** Stops polling and waits for a delivery round in progress. */
  stop(): Promise<void>;
}

/** Polls the outbox and delivers due mail until stopped; one round at a time. */
export function startOutboxWorker(options: {
  db: Db;
  transport: MailTransport;
  clock: Clock;
  log: Logger;
  defaultFrom: string;
  intervalMs?: number;
}): OutboxWorker {
  const intervalMs = options.intervalMs ?? 2000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();

  const tick = () => {
    round = deliverDueMail(options.db, options.transport, { clock: options.clock, defaultFrom: options.defaultFrom })
      .then((report) => {
        if (report.sent || report.failed || report.dead) options.log.info({ ...report, via: options.transport.name }, "outbox delivery");
        if (report.dead) options.log.error({ dead: report.dead }, "outbox messages gave up after repeated failures");
      })
      .catch((error: unknown) => options.log.error({ err: error }, "outbox delivery round failed"))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, 0);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
    },
  };
}
