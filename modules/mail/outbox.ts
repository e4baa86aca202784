import type { Db } from "../../db/client";
import { type Clock, systemClock } from "../../lib/clock";
import { outboxMessages } from "./schema";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Sender shown to the recipient; the configured default when absent. */
  from?: string;
}

/**
 * Queues an email. Pass the caller's transaction as `db`: the message is stored if and only if
 * the change that caused it commits, and the outbox worker delivers it afterwards.
 */
export async function enqueue(db: Db, mail: OutgoingMail, clock: Clock = systemClock): Promise<{ id: number }> {
  const now = clock.now();
  const [row] = await db
    .insert(outboxMessages)
    .values({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      from: mail.from ?? null,
      createdAt: now,
      nextAttemptAt: now,
    })
    .returning({ id: outboxMessages.id });
  return row;
}
