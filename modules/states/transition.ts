import { and, asc, eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { stateError } from "./errors";
import { type ActorType, statusEvents } from "./schema";

/** A finite-state machine's table: for each status, the statuses it may move to. */
export type Transitions<S extends string> = { readonly [From in S]: readonly S[] };

/** One aggregate's process: which table holds it, the statuses it may start in, and its transitions. */
export interface Process<S extends string> {
  /** The aggregate's kind in status_events, e.g. "payment". */
  readonly aggregate: string;
  readonly table: PgTable & { id: PgColumn; status: PgColumn };
  readonly initial: readonly S[];
  readonly transitions: Transitions<S>;
}

export function defineProcess<S extends string>(process: Process<S>): Process<S> {
  return process;
}

/** Who moved the aggregate: a customer or staff id, a merchant id, or a job's name. */
export interface Actor {
  type: ActorType;
  id: string | null;
}

export interface StatusChange<S extends string> {
  id: number;
  from: S;
  to: S;
  actor: Actor;
  at: Date;
  reason?: string;
  data?: Record<string, unknown>;
  /** Other columns of the aggregate that change with its status (e.g. captured_at). */
  set?: Record<string, unknown>;
}

export function canTransition<S extends string>(process: Process<S>, from: S, to: S): boolean {
  return process.transitions[from]?.includes(to) ?? false;
}

/**
 * Moves an aggregate from one status to another: checks the process's table, updates the row only
 * if it is still in `from` (an optimistic guard: of two racing changes exactly one wins), and
 * records the event, all in one transaction. An illegal change, or one that lost the race, throws
 * a DomainError and writes nothing.
 */
export async function transition<S extends string>(db: Db, process: Process<S>, change: StatusChange<S>): Promise<void> {
  if (!canTransition(process, change.from, change.to)) {
    throw stateError("STATUS_TRANSITION_NOT_ALLOWED", { aggregate: process.aggregate, id: change.id, from: change.from, to: change.to });
  }
  const { table } = process;
  await db.transaction(async (tx) => {
    const moved = await tx
      .update(table)
      // drizzle cannot type `set` for a table known only by its id and status columns.
      .set({ ...change.set, status: change.to } as never)
      .where(and(eq(table.id, change.id), eq(table.status, change.from)))
      .returning({ id: table.id });
    if (moved.length === 0) throw stateError("STATUS_CHANGED_CONCURRENTLY", { aggregate: process.aggregate, id: change.id, from: change.from, to: change.to });
    await tx.insert(statusEvents).values({
      aggregate: process.aggregate,
      aggregateId: change.id,
      fromStatus: change.from,
      toStatus: change.to,
      actorType: change.actor.type,
      actorId: change.actor.id,
      reason: change.reason ?? null,
      data: change.data ?? null,
      at: change.at,
    });
  });
}

/**
 * Records the first status of aggregates just created (in the transaction that inserted them), so
 * their history starts where they did.
 */
export async function recordInitialStatus<S extends string>(
  tx: Db,
  process: Process<S>,
  created: readonly { id: number; status: S }[],
  event: { actor: Actor; at: Date; reason?: string; data?: Record<string, unknown> },
): Promise<void> {
  if (created.length === 0) return;
  const illegal = created.find((row) => !process.initial.includes(row.status));
  if (illegal) throw stateError("STATUS_TRANSITION_NOT_ALLOWED", { aggregate: process.aggregate, id: illegal.id, from: null, to: illegal.status });
  await tx.insert(statusEvents).values(
    created.map((row) => ({
      aggregate: process.aggregate,
      aggregateId: row.id,
      fromStatus: null,
      toStatus: row.status,
      actorType: event.actor.type,
      actorId: event.actor.id,
      reason: event.reason ?? null,
      data: event.data ?? null,
      at: event.at,
    })),
  );
}

export type StatusEvent = typeof statusEvents.$inferSelect;

/** An aggregate's status changes, oldest first (for timelines). */
export async function statusHistory(db: Db, process: Pick<Process<string>, "aggregate">, id: number): Promise<StatusEvent[]> {
  return db
    .select()
    .from(statusEvents)
    .where(and(eq(statusEvents.aggregate, process.aggregate), eq(statusEvents.aggregateId, id)))
    .orderBy(asc(statusEvents.id));
}
