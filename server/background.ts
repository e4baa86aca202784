import type { Logger } from "pino";
import type { Database } from "../db/client";
import type { Clock } from "../lib/clock";
import type { Config } from "../lib/config";
import { pruneExpiredSessions } from "../modules/accounts/sessions";
import type { MailTransport } from "../modules/mail/deliver";
import { devMailboxTransport, smtpTransport } from "../modules/mail/transports";
import { startOutboxWorker } from "../modules/mail/worker";
import { pruneVisitorViews } from "../modules/recently-viewed/recently-viewed";
import { pruneRateLimits } from "../modules/security/rate-limit";
import { pruneGuestWishlists } from "../modules/wishlist/wishlists";
import { startPaymentSweeper } from "./payment-sweeper";

const HOUR_MS = 3_600_000;

/** How mail leaves: SMTP when configured, else the development mailbox, else it waits in the outbox. */
export function mailTransport(config: Config): MailTransport | null {
  if (config.SMTP_URL) return smtpTransport(config.SMTP_URL);
  return config.devMailbox ? devMailboxTransport : null;
}

/**
 * Work that runs beside the HTTP server in every instance: the outbox worker (instances share the
 * queue safely), the payment sweeper, and an hourly clean-up of expired sessions, counters and
 * abandoned guest data.
 */
export function startBackgroundWork(deps: { database: Database; config: Config; logger: Logger; clock: Clock }): { stop(): Promise<void> } {
  const { db } = deps.database;
  const transport = mailTransport(deps.config);
  const worker = transport
    ? startOutboxWorker({ db, transport, clock: deps.clock, log: deps.logger.child({ worker: "outbox" }), defaultFrom: deps.config.MAIL_FROM })
    : null;
  if (!transport) deps.logger.warn("SMTP_URL is not set and the development mailbox is off: mail waits in the outbox until SMTP_URL is set");

  const cleanUp = async () => {
    try {
      await pruneExpiredSessions(db, deps.clock);
      await pruneRateLimits(db, deps.clock);
      await pruneGuestWishlists(db, deps.clock);
      await pruneVisitorViews(db, deps.clock);
    } catch (error) {
      deps.logger.warn({ err: error }, "hourly clean-up failed; it runs again in an hour");
    }
  };
  const timer = setInterval(() => void cleanUp(), HOUR_MS);
  timer.unref();
  const stopPaymentSweeper = startPaymentSweeper({ db, clock: deps.clock, logger: deps.logger });

  return {
    async stop() {
      clearInterval(timer);
      stopPaymentSweeper();
      await worker?.stop();
    },
  };
}
