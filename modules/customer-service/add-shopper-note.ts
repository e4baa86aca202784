import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { customers } from "../accounts/schema";
import { orders } from "../orders/schema";
import { recordStaffChange } from "../staff/record-staff-change";
import type { StaffActor } from "../staff/staff-actor";
import { customerServiceError } from "./errors";
import { customerNotes } from "./schema";

export const NOTE_LIMIT = 2000;

/** A staff note on a shopper, optionally about one of their orders; written with its audit row. */
export async function addShopperNote(db: Db, clock: Clock, actor: StaffActor, note: { customerId: number; orderId: number | null; body: string }): Promise<number> {
  const body = note.body.trim();
  if (!body) throw customerServiceError("NOTE_REQUIRED");
  if (body.length > NOTE_LIMIT) throw customerServiceError("NOTE_TOO_LONG");
  return db.transaction(async (tx) => {
    const [shopper] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, note.customerId));
    if (!shopper) throw customerServiceError("UNKNOWN_SHOPPER");
    if (note.orderId !== null) {
      const [order] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, note.orderId), eq(orders.customerId, note.customerId)));
      if (!order) throw customerServiceError("ORDER_NOT_THEIRS");
    }
    const [row] = await tx
      .insert(customerNotes)
      .values({ customerId: note.customerId, orderId: note.orderId, staffUserId: actor.staffUserId, authorName: actor.name, body, createdAt: clock.now() })
      .returning({ id: customerNotes.id });
    await recordStaffChange(tx, clock, actor, {
      action: "customer.note",
      entity: { type: "customer", id: note.customerId },
      before: null,
      after: { note: body, orderId: note.orderId },
    });
    return row.id;
  });
}
