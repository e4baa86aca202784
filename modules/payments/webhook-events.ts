import { and, asc, eq, isNull, notInArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import type { WebhookEvent } from "./provider";
import { paymentWebhookEvents } from "./schema";

/** How many times processing an event is tried before it is left to the operator (its outcome says why). */
export const WEBHOOK_MAX_ATTEMPTS = 5;

/**
 * Stores a verified webhook once: one row per provider and event id, so a redelivery changes
 * nothing. True when this delivery stored it.
 */
export async function storeWebhookEvent(db: Db, provider: string, event: WebhookEvent, now: Date): Promise<boolean> {
  const stored = await db
    .insert(paymentWebhookEvents)
    .values({
      provider,
      eventId: event.eventId,
      type: event.type,
      payload: event.payload,
      receivedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: paymentWebhookEvents.id });
  return stored.length > 0;
}

/**
 * What an event of one type does (in the processing transaction), answering the outcome recorded
 * for the operator. Modules above payments (orders) supply theirs, so payments imports none of them.
 */
export type WebhookHandler = (
  tx: Db,
  event: {
    provider: string;
    eventId: string;
    payload: Record<string, unknown>;
    now: Date;
  },
) => Promise<string>;

/**
 * Processes the events not processed yet, each once: locked (another instance skips it), handled
 * and marked processed with its outcome in one transaction. A handler that fails counts an attempt
 * and is tried again next run, until WEBHOOK_MAX_ATTEMPTS.
 */
export async function processWebhookEvents(db: Db, clock: Clock, handlers: Record<string, WebhookHandler>, batch = 50): Promise<number> {
  let processed = 0;
  // An event that failed this run waits for the next one.
  const tried: number[] = [];
  for (let index = 0; index < batch; index += 1) {
    const done = await db.transaction(async (tx) => {
      const [event] = await tx
        .select()
        .from(paymentWebhookEvents)
        .where(and(isNull(paymentWebhookEvents.processedAt), tried.length > 0 ? notInArray(paymentWebhookEvents.id, tried) : undefined))
        .orderBy(asc(paymentWebhookEvents.receivedAt), asc(paymentWebhookEvents.id))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!event) return null;
      tried.push(event.id);
      const handler = handlers[`${event.provider}:${event.type}`];
      let outcome: string;
      let finished = true;
      try {
        outcome = handler
          ? await tx.transaction((inner) =>
              handler(inner as unknown as Db, {
                provider: event.provider,
                eventId: event.eventId,
                payload: event.payload as Record<string, unknown>,
                now: clock.now(),
              }),
            )
          : `ignored: nothing to do for ${event.type}`;
      } catch (error) {
        finished = event.attempts + 1 >= WEBHOOK_MAX_ATTEMPTS;
        outcome = `${finished ? "gave up" : "failed"}: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500);
      }
      await tx
        .update(paymentWebhookEvents)
        .set({
          outcome,
          attempts: event.attempts + 1,
          processedAt: finished ? clock.now() : null,
        })
        .where(and(eq(paymentWebhookEvents.id, event.id), isNull(paymentWebhookEvents.processedAt)));
      return finished;
    });
    if (done === null) break;
    if (done) processed += 1;
  }
  return processed;
}
