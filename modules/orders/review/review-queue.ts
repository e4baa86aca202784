import { asc, count, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { payments } from "../../payments/schema";
import { orderLines, orderReviews, type OrderReviewStatus, orders } from "../schema";

export const REVIEW_QUEUE_PAGE_SIZE = 50;

/** Each order's review status, for the orders that have one (the payment sweeper leaves held ones alone). */
export async function reviewStatusesOf(db: Db, orderIds: readonly number[]): Promise<Map<number, OrderReviewStatus>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: orderReviews.orderId, status: orderReviews.status })
    .from(orderReviews)
    .where(inArray(orderReviews.orderId, [...orderIds]));
  return new Map(rows.map((row) => [row.orderId, row.status]));
}

/** An order's review as its shopper sees it (the confirmation page, their order list); null: never held. */
export async function orderReviewOf(db: Db, orderId: number): Promise<{ status: OrderReviewStatus; heldAt: Date; decidedAt: Date | null } | null> {
  const [row] = await db
    .select({ status: orderReviews.status, heldAt: orderReviews.heldAt, decidedAt: orderReviews.decidedAt })
    .from(orderReviews)
    .where(eq(orderReviews.orderId, orderId));
  return row ?? null;
}

const reviewColumns = {
  review: orderReviews,
  order: {
    id: orders.id,
    brand: orders.brand,
    customerId: orders.customerId,
    email: orders.email,
    currency: orders.currency,
    total: orders.total,
    walletRefundableUsed: orders.walletRefundableUsed,
    walletMarketingUsed: orders.walletMarketingUsed,
    deliveryName: orders.deliveryName,
    postcode: orders.postcode,
    createdAt: orders.createdAt,
  },
  payment: { method: payments.method, cardType: payments.cardType, last4: payments.last4, status: payments.status },
};

/** The lines of a page of reviews' orders. */
async function linesOf(db: Db, orderIds: number[]) {
  const lines = new Map<number, { title: string; quantity: number; lineTotal: number }[]>();
  if (orderIds.length === 0) return lines;
  const rows = await db
    .select({ orderId: orderLines.orderId, title: orderLines.title, quantity: orderLines.quantity, lineTotal: orderLines.lineTotal })
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(orderLines.id);
  for (const { orderId, ...line } of rows) lines.set(orderId, [...(lines.get(orderId) ?? []), line]);
  return lines;
}

export type ReviewEntry = Awaited<ReturnType<typeof reviewQueue>>["reviews"][number];

/**
 * The review queue: held orders oldest first (the authorization has days, not weeks), a page at a
 * time, each with its signals, lines, payment and origin; or the latest decisions, newest first.
 */
export async function reviewQueue(db: Db, request: { status: "HELD" | "DECIDED"; page: number }) {
  const page = Math.max(1, request.page);
  const where = request.status === "HELD" ? eq(orderReviews.status, "HELD") : inArray(orderReviews.status, ["APPROVED", "REJECTED"]);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(reviewColumns)
      .from(orderReviews)
      .innerJoin(orders, eq(orders.id, orderReviews.orderId))
      .leftJoin(payments, eq(payments.orderId, orderReviews.orderId))
      .where(where)
      .orderBy(request.status === "HELD" ? asc(orderReviews.heldAt) : desc(orderReviews.decidedAt), asc(orderReviews.id))
      .limit(REVIEW_QUEUE_PAGE_SIZE)
      .offset((page - 1) * REVIEW_QUEUE_PAGE_SIZE),
    db.select({ total: count() }).from(orderReviews).where(where),
  ]);
  const lines = await linesOf(
    db,
    rows.map((row) => row.order.id),
  );
  return {
    page,
    pageCount: Math.max(1, Math.ceil(Number(total) / REVIEW_QUEUE_PAGE_SIZE)),
    total: Number(total),
    reviews: rows.map((row) => ({ ...row, lines: lines.get(row.order.id) ?? [] })),
  };
}
