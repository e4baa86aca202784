import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { outboxMessages } from "./schema";

export interface MailEnvelope {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Where mail leaves the shop: SMTP in production, the development mailbox otherwise. */
export interface MailTransport {
  name: string;
  send(mail: MailEnvelope): Promise<void>;
}

/** After this many failed attempts a message is parked as "dead" for an operator (never deleted). */
export const OUTBOX_MAX_ATTEMPTS = 12;
/** A claimed message is invisible to other workers this long; a worker that dies mid-send is retried after it. */
const CLAIM_LEASE_SECONDS = 300;

/** Backoff between attempts: 30 s, 1 min, 2 min … capped at one hour. */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempt - 1));
}

export interface DeliveryReport {
  sent: number;
  failed: number;
  dead: number;
}

/**
 * Sends the messages that are due. Each is claimed with `FOR UPDATE SKIP LOCKED` and a lease, so
 * several instances never send the same message at once; a failure schedules a retry.
 * Delivery is at least once: a crash between sending and recording resends after the lease.
 */
export async function deliverDueMail(
  db: Db,
  transport: MailTransport,
  options: { clock: Clock; defaultFrom: string; batchSize?: number },
): Promise<DeliveryReport> {
  const now = options.clock.now();
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.status, "pending"), lte(outboxMessages.nextAttemptAt, now)))
    .orderBy(asc(outboxMessages.nextAttemptAt))
    .limit(options.batchSize ?? 20)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(outboxMessages)
    .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_SECONDS * 1000), attempts: sql`${outboxMessages.attempts} + 1` })
    .where(inArray(outboxMessages.id, due))
    .returning();

  const report: DeliveryReport = { sent: 0, failed: 0, dead: 0 };
  for (const message of claimed) {
    try {
      await transport.send({
        from: message.from ?? options.defaultFrom,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? undefined,
      });
      await db
        .update(outboxMessages)
        .set({ status: "sent", sentAt: options.clock.now(), deliveredVia: transport.name, lastError: null })
        .where(eq(outboxMessages.id, message.id));
      report.sent += 1;
    } catch (error) {
      const dead = message.attempts >= OUTBOX_MAX_ATTEMPTS;
      await db
        .update(outboxMessages)
        .set({
          status: dead ? "dead" : "pending",
          lastError: error instanceof Error ? error.message.slice(0, 1000) : String(error),
          nextAttemptAt: new Date(options.clock.now().getTime() + retryDelaySeconds(message.attempts) * 1000),
        })
        .where(eq(outboxMessages.id, message.id));
      if (dead) report.dead += 1;
      else report.failed += 1;
    }
  }
  return report;
}
