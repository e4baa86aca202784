import type { Db } from "../../db/client";
import { lastMomentOfMarketDayMonthsAfter } from "../../lib/market-time";
import type { Currency } from "../../lib/money";
import { type Actor, recordInitialStatus } from "../states/transition";
import { vouchers } from "./schema";
import { VOUCHER_PROCESS } from "./voucher-process";
import { newVoucherCode } from "./voucher-codes";

/** How long a voucher can be redeemed (the spec leaves it to the deal; see docs/decisions/vouchers-codes-and-expiry.md). */
export const VOUCHER_VALIDITY_MONTHS = 6;

/**
 * A voucher bought on 31 August can be used until the end of 28 February (29th in a leap year), in
 * the market's time: calendar months in the market's zone, to the end of that day.
 */
export function voucherExpiry(purchasedAt: Date, timeZone: string): Date {
  return lastMomentOfMarketDayMonthsAfter(purchasedAt, VOUCHER_VALIDITY_MONTHS, timeZone);
}

/** What one voucher cost, by how it was paid (minor units). */
export interface VoucherPaid {
  card: number;
  refundableCredit: number;
  marketingCredit: number;
}

export interface VoucherLine {
  orderLineId: number;
  dealId: number;
  productId: number;
  merchantId: number;
  /** The deal posts goods: the voucher is fulfilled by dispatch and delivery. */
  physical: boolean;
  quantity: number;
  dealTitle: string;
  productName: string;
  merchantName: string;
  /** One entry per unit. */
  paid: readonly VoucherPaid[];
}

export interface IssuedVoucher {
  id: number;
  code: string;
  orderLineId: number;
}

/**
 * One voucher per unit bought, inside the order's transaction, each starting its status history.
 * A code that happens to exist already is drawn again, so a collision never fails an order.
 */
export async function issueVouchers(
  tx: Db,
  order: {
    orderId: number;
    customerId: number;
    currency: Currency;
    lines: readonly VoucherLine[];
    at: Date;
    /** The market's time zone (marketTimeZone), for the expiry date. */
    timeZone: string;
    /** When the codes become usable (spec §9: 24 hours after purchase). */
    availableAt: Date;
    /** Deal Protection was bought with the order. */
    protected: boolean;
    /** The order waits for fraud review: the vouchers start HELD (./held-vouchers.ts). */
    held?: boolean;
    actor: Actor;
  },
): Promise<IssuedVoucher[]> {
  const pending = order.lines.flatMap((line) =>
    Array.from({ length: line.quantity }, (_, unit) => ({
      orderId: order.orderId,
      orderLineId: line.orderLineId,
      customerId: order.customerId,
      dealId: line.dealId,
      productId: line.productId,
      merchantId: line.merchantId,
      currency: order.currency,
      physical: line.physical,
      protected: order.protected,
      paidCard: line.paid[unit]?.card ?? 0,
      paidRefundableCredit: line.paid[unit]?.refundableCredit ?? 0,
      paidMarketingCredit: line.paid[unit]?.marketingCredit ?? 0,
      dealTitle: line.dealTitle,
      productName: line.productName,
      merchantName: line.merchantName,
      availableAt: order.availableAt,
      expiresAt: voucherExpiry(order.at, order.timeZone),
      createdAt: order.at,
      status: order.held ? ("HELD" as const) : ("READY_TO_REDEEM" as const),
    })),
  );
  const issued: (IssuedVoucher & { status: typeof vouchers.$inferSelect.status })[] = [];
  let remaining = pending;
  while (remaining.length > 0) {
    const rows = remaining.map((voucher) => ({ ...voucher, code: newVoucherCode() }));
    const inserted = await tx
      .insert(vouchers)
      .values(rows)
      .onConflictDoNothing({ target: vouchers.code })
      .returning({ id: vouchers.id, code: vouchers.code, orderLineId: vouchers.orderLineId, status: vouchers.status });
    issued.push(...inserted);
    const insertedCodes = new Set(inserted.map((row) => row.code));
    remaining = rows.filter((row) => !insertedCodes.has(row.code)).map(({ code: _code, ...voucher }) => voucher);
  }
  await recordInitialStatus(tx, VOUCHER_PROCESS, issued, { actor: order.actor, at: order.at, data: { orderId: order.orderId } });
  return issued.map(({ id, code, orderLineId }) => ({ id, code, orderLineId }));
}
