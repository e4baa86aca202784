import { and, asc, eq, lte } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { type Actor, type Process, transition } from "../states/transition";

/**
 * The shape every "expire what is due" batch shares (vouchers, gift cards, wallet credit, Club
 * points, VIP memberships); each batch keeps its own rules (what is due, what expiring means,
 * which lock) in the callbacks. Answers how many were expired.
 */

/**
 * Rows locked in batches: one transaction per batch finds up to `batchSize` due rows `FOR UPDATE
 * SKIP LOCKED` (rows another instance or a use case holds are left to the next run) and expires
 * each; it goes on while a full batch came back. A crash loses at most one batch's work.
 */
export async function expireDueRows<Row>(
  db: Db,
  batch: { batchSize: number; lockDue: (tx: Db, limit: number) => Promise<Row[]>; expire: (tx: Db, row: Row) => Promise<void> },
): Promise<number> {
  return untilShortBatch(batch.batchSize, () =>
    db.transaction(async (tx) => {
      const due = await batch.lockDue(tx, batch.batchSize);
      for (const row of due) await batch.expire(tx, row);
      return { found: due.length, expired: due.length };
    }),
  );
}

/**
 * The commonest batch (vouchers, gift cards): the rows of a process still in `from` whose
 * `expiresAt` has passed, oldest first along the table's partial expiry index, each moved to `to`
 * through the process (a history row each) in locked batches, as `expireDueRows`. A row that left
 * `from` meanwhile (redeemed, refunded) is no longer due. Answers how many expired.
 */
export async function expireDueStatus<S extends string>(
  db: Db,
  batch: { process: Process<S>; expiresAt: PgColumn; from: S; to: S; now: Date; actor: Actor; reason: string; batchSize: number },
): Promise<number> {
  const { table } = batch.process;
  return expireDueRows(db, {
    batchSize: batch.batchSize,
    lockDue: (tx, limit) =>
      tx
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.status, batch.from), lte(batch.expiresAt, batch.now)))
        .orderBy(asc(batch.expiresAt))
        .limit(limit)
        .for("update", { skipLocked: true }) as Promise<{ id: number }[]>,
    expire: (tx, { id }) => transition(tx, batch.process, { id, from: batch.from, to: batch.to, actor: batch.actor, at: batch.now, reason: batch.reason }),
  });
}

/**
 * Owners one by one: a query finds up to `batchSize` owners with something due (a wallet, a Club
 * account, a membership), and each is expired in a short transaction of its own under its own lock
 * (answering how many of its items expired). With `repeat`, it goes on while a full batch came back
 * (an expired owner leaves the due list); without, one pass (owners may stay due, e.g. a VIP
 * membership still waiting for its renewal).
 */
export async function expireDueOwners<Owner>(
  db: Db,
  batch: { batchSize: number; repeat: boolean; findDue: (db: Db, limit: number) => Promise<Owner[]>; expire: (db: Db, owner: Owner) => Promise<number> },
): Promise<number> {
  const pass = async () => {
    const owners = await batch.findDue(db, batch.batchSize);
    let expired = 0;
    for (const owner of owners) expired += await batch.expire(db, owner);
    return { found: owners.length, expired };
  };
  if (!batch.repeat) return (await pass()).expired;
  return untilShortBatch(batch.batchSize, pass);
}

async function untilShortBatch(batchSize: number, runBatch: () => Promise<{ found: number; expired: number }>): Promise<number> {
  let expired = 0;
  for (;;) {
    const done = await runBatch();
    expired += done.expired;
    if (done.found < batchSize) return expired;
  }
}
