import { type SQL, and, count, desc, eq, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { deals } from "../catalog/schema";
import { shipments } from "../delivery/schema";
import { canBeGifted } from "../gifts/giftable";
import { VOUCHER_CANCELLED_EVENT } from "../gifts/end-gift";
import { GIFT_CLAIM_PROCESS } from "../gifts/gift-claim-process";
import { giftClaims } from "../gifts/schema";
import { statusEvents } from "../states/schema";
import { orderLines } from "../orders/schema";
import { VOUCHER_PAGE_SIZE, type VoucherSummary, summary } from "../vouchers/list-vouchers";
import { vouchers } from "../vouchers/schema";
import { GIFT_STATES, type GiftState } from "./gift-states";
import { type VoucherFilter, filterCondition } from "../vouchers/voucher-display";


const PACK_TYPES: readonly (string | null)[] = ["NEXT_DAY_GIFT_PACK", "STANDARD_DELIVERY_GIFT_PACK"];

export interface MyVoucher extends VoucherSummary {
  /** For the buyer: Gift it, Gifted, Gift Pack or Gift Pack Sent; null when none applies (or for the holder). */
  gift: { state: GiftState; text: string } | null;
  /** Held by the viewer as a claimed gift: someone else bought it (and keeps the 14-day cancellation). */
  receivedAsGift: boolean;
  /** For the holder of a gift its buyer had cancelled: why (the status then reads "Cancelled"). */
  cancelledReason: string | null;
}

/** What the holder of a cancelled gift reads as its status (its buyer was refunded, not them). */
export const CANCELLED_GIFT_STATUS = "Cancelled";

export type MyVoucherRow = Awaited<ReturnType<typeof selectMyVouchers>>[number];

/**
 * The vouchers a shopper sees: those they bought and those they were given and claimed (they hold
 * them). Each with its gift facts: its open gift (sent or claimed), its line's gift type, and
 * whether the line's gift pack has been dispatched (the pack's own parcel, a voucher of the gift
 * pack deal in the same order, or the voucher's own parcel).
 */
function selectMyVouchers(db: Db, where: SQL | undefined) {
  const giftType = sql<string | null>`${orderLines.gifting}->>'type'`;
  const packSent = sql<boolean>`exists (select 1 from ${shipments}
    join ${vouchers} pv on pv.id = ${shipments.voucherId}
    left join ${deals} on ${deals.id} = pv.deal_id
    where pv.order_id = ${vouchers.orderId} and (pv.id = ${vouchers.id} or ${deals.giftPreset} = ${giftType})
      and ${shipments.status} in ('DISPATCHED', 'DELIVERED'))`;
  // Why a claimed gift's voucher was cancelled: the reason of the gift's own history row (modules/gifts/end-gift.ts).
  const cancelledReason = sql<string | null>`(select ${statusEvents.reason} from ${statusEvents}
    where ${statusEvents.aggregate} = ${GIFT_CLAIM_PROCESS.aggregate} and ${statusEvents.aggregateId} = ${giftClaims.id}
      and ${statusEvents.data}->>'event' = ${VOUCHER_CANCELLED_EVENT}
    order by ${statusEvents.id} desc limit 1)`;
  return db
    .select({ voucher: vouchers, giftStatus: giftClaims.status, giftType, packSent, cancelledReason })
    .from(vouchers)
    .leftJoin(giftClaims, and(eq(giftClaims.voucherId, vouchers.id), ne(giftClaims.status, "CANCELLED")))
    .leftJoin(orderLines, eq(orderLines.id, vouchers.orderLineId))
    .where(where);
}

const visibleTo = (customerId: number) => or(eq(vouchers.customerId, customerId), eq(vouchers.holderCustomerId, customerId));

function giftState(row: MyVoucherRow, viewerId: number, now: Date): GiftState | null {
  const { voucher } = row;
  if (voucher.customerId !== viewerId || voucher.holderCustomerId === viewerId) return null;
  if (row.giftStatus) return "GIFTED";
  if (PACK_TYPES.includes(row.giftType)) return row.packSent ? "GIFT_PACK_SENT" : "GIFT_PACK";
  return canBeGifted(voucher, now) ? "GIFT_IT" : null;
}

/**
 * A voucher as this viewer sees it. Its code follows codeVisibility: a gift sent or claimed hides
 * it from the buyer (it is the recipient's, docs/decisions/gifts-claiming.md), and nobody sees it
 * before available_at. Once its buyer cancelled a gift, its holder sees it as Cancelled with the
 * reason (docs/decisions/gifts-after-sale-rights.md).
 */
export function myVoucher(row: MyVoucherRow, viewerId: number, now: Date): MyVoucher {
  const shown = summary(row.voucher, row.giftStatus === "CANCELLED" ? null : row.giftStatus, viewerId, now);
  const held = row.voucher.holderCustomerId === viewerId;
  const state = giftState(row, viewerId, now);
  const receivedAsGift = held && row.voucher.customerId !== viewerId;
  return {
    ...shown,
    gift: state && { state, text: GIFT_STATES[state] },
    receivedAsGift,
    cancelledReason: receivedAsGift ? row.cancelledReason : null,
    ...(receivedAsGift && row.cancelledReason ? { status: CANCELLED_GIFT_STATUS } : {}),
  };
}

/** My Vouchers: newest first, a page (1-based) at a time, optionally only the current or past ones. */
export async function listMyVouchers(db: Db, request: { customerId: number; page: number; filter: VoucherFilter; now: Date }) {
  const page = Math.max(1, request.page);
  const where = and(visibleTo(request.customerId), filterCondition(request.filter, request.now));
  const [rows, [{ total }]] = await Promise.all([
    selectMyVouchers(db, where)
      .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
      .limit(VOUCHER_PAGE_SIZE)
      .offset((page - 1) * VOUCHER_PAGE_SIZE),
    db.select({ total: count() }).from(vouchers).where(where),
  ]);
  return {
    vouchers: rows.map((row) => myVoucher(row, request.customerId, request.now)),
    page,
    pageCount: Math.max(1, Math.ceil(Number(total) / VOUCHER_PAGE_SIZE)),
    total: Number(total),
    filter: request.filter,
  };
}

/** One voucher the shopper bought or holds, with its gift facts; null for anyone else's (never revealed to them). */
export async function findMyVoucherRow(db: Db, customerId: number, voucherId: number): Promise<MyVoucherRow | null> {
  const [row] = await selectMyVouchers(db, and(eq(vouchers.id, voucherId), visibleTo(customerId)));
  return row ?? null;
}

export async function findMyVoucher(db: Db, customerId: number, voucherId: number, now: Date): Promise<MyVoucher | null> {
  const row = await findMyVoucherRow(db, customerId, voucherId);
  return row && myVoucher(row, customerId, now);
}

/** The vouchers of one of the buyer's orders (the order confirmation). */
export async function myOrderVouchers(db: Db, request: { customerId: number; orderId: number; now: Date }): Promise<MyVoucher[]> {
  const rows = await selectMyVouchers(db, and(eq(vouchers.orderId, request.orderId), eq(vouchers.customerId, request.customerId))).orderBy(vouchers.id);
  return rows.map((row) => myVoucher(row, request.customerId, request.now));
}
