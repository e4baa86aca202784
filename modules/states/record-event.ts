import type { Db } from "../../db/client";
import { statusEvents } from "./schema";
import type { Actor, Process } from "./transition";

/**
 * Records, in the aggregate's history, something that happened to it without changing its status
 * (a voucher's expiry pushed back): from and to are both its current status and `data.event` names
 * what happened, so a timeline can tell it from a status change. The caller holds the aggregate's
 * row lock and has checked its status, in the transaction that made the change.
 */
export async function recordStatusEvent<S extends string>(
  tx: Db,
  process: Process<S>,
  event: { id: number; status: S; event: string; actor: Actor; at: Date; reason?: string; data?: Record<string, unknown> },
): Promise<void> {
  await tx.insert(statusEvents).values({
    aggregate: process.aggregate,
    aggregateId: event.id,
    fromStatus: event.status,
    toStatus: event.status,
    actorType: event.actor.type,
    actorId: event.actor.id,
    reason: event.reason ?? null,
    data: { ...event.data, event: event.event },
    at: event.at,
  });
}
