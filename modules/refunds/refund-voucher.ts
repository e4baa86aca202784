import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import type { Currency } from "../../lib/money";
import { orderPaidWith, type PaidWith, sendCardRefund } from "../payments/payment-refunds";
import type { PaymentProvider } from "../payments/provider";
import { type Actor, transition } from "../states/transition";
import { VOUCHER_PROCESS } from "../vouchers/voucher-process";
import { refundError } from "./errors";
import { giveBackMoney, type VoucherRefund } from "./give-back-money";
import { type RefundDestination, voucherRefunds } from "./schema";
import { afterSaleFactsOf, isBuyerOrHolder, lockVoucher, optionsOf, type VoucherRow } from "./voucher-facts";

export interface RefundServices {
  provider: PaymentProvider;
  clock: Clock;
  log?: Logger;
  /** The brand's public origin, for the link in the confirmation email. */
  linkOrigin: string;
}

export interface RefundRequest {
  voucherId: number;
  /** The signed-in shopper: another customer's voucher is "not found". */
  customerId: number;
  destination: RefundDestination;
  actor: Actor;
  reason?: string;
}

/** What a refund gave back, and where: the answer of the API and the page. */
export interface RefundResult {
  voucherId: number;
  destination: RefundDestination;
  currency: Currency;
  /** Back to the payment method (through the gateway). */
  cardAmount: number;
  /** Added to the wallet at once. */
  refundableCredit: number;
  marketingCredit: number;
  /** How the order was paid, when part goes back to it. */
  paidWith: PaidWith | null;
  /** The gateway's part: pending until it answers (a job retries it). */
  cardRefund: "pending" | "succeeded" | "failed" | null;
  refundedAt: Date;
  /** False when the voucher was already refunded (a double click): nothing moved again. */
  firstTime: boolean;
}

async function resultOf(db: Db, refund: VoucherRefund, paidWith: PaidWith | null, cardRefund: RefundResult["cardRefund"], firstTime: boolean): Promise<RefundResult> {
  return {
    voucherId: refund.voucherId,
    destination: refund.destination,
    currency: refund.currency,
    cardAmount: refund.cardAmount,
    refundableCredit: refund.refundableCredit,
    marketingCredit: refund.marketingCredit,
    paidWith: refund.cardAmount > 0 ? (paidWith ?? (await orderPaidWith(db, refund.orderId))) : null,
    cardRefund,
    refundedAt: refund.createdAt,
    firstTime,
  };
}

/** The earlier refund of a voucher, as its result (a repeat answers what the first did). */
export async function earlierRefund(db: Db, voucherId: number): Promise<VoucherRefund | null> {
  const [refund] = await db.select().from(voucherRefunds).where(eq(voucherRefunds.voucherId, voucherId));
  return refund ?? null;
}

/**
 * After the refund committed: one try at the gateway now, so the shopper usually reads "refunded"
 * at once. A failure is left to the job, which retries with backoff.
 */
export async function sendCardRefundNow(db: Db, services: RefundServices, refund: VoucherRefund): Promise<RefundResult["cardRefund"]> {
  if (!refund.paymentOperationKey) return null;
  try {
    return await sendCardRefund(db, services.provider, refund.paymentOperationKey, services.clock.now());
  } catch (error) {
    services.log?.warn({ err: error, voucherId: refund.voucherId }, "card refund did not reach the gateway; its job will retry");
    return "pending";
  }
}

/**
 * Moves a voucher and its money from `from` to Refunded in one transaction, and sends the card
 * part to the gateway once it committed. `check` runs under the voucher's lock and says whether
 * the refund may go ahead (it throws when not).
 */
export async function refundLockedVoucher(
  db: Db,
  services: RefundServices,
  refund: { voucherId: number; destination: RefundDestination; actor: Actor; reason?: string; returnUnit: boolean },
  check: (tx: Db, voucher: VoucherRow) => Promise<{ repeat: VoucherRefund } | { go: VoucherRow }>,
): Promise<RefundResult> {
  const now = services.clock.now();
  const outcome = await db.transaction(async (tx) => {
    const voucher = await lockVoucher(tx, refund.voucherId);
    if (!voucher) throw refundError("VOUCHER_NOT_FOUND");
    const checked = await check(tx, voucher);
    if ("repeat" in checked) return { refund: checked.repeat, paidWith: null, firstTime: false };
    await transition(tx, VOUCHER_PROCESS, { id: voucher.id, from: voucher.status, to: "REFUNDED", actor: refund.actor, at: now, reason: refund.reason, data: { destination: refund.destination } });
    const given = await giveBackMoney(tx, { voucher, kind: "refund", destination: refund.destination, returnUnit: refund.returnUnit, actor: refund.actor, at: now, reason: refund.reason, clock: services.clock, origin: services.linkOrigin });
    return { ...given, firstTime: true };
  });
  // A repeat finds the gateway's answer recorded, or (if the first try failed) tries once more, under the same key.
  const cardRefund = await sendCardRefundNow(db, services, outcome.refund);
  return resultOf(db, outcome.refund, outcome.paidWith, cardRefund, outcome.firstTime);
}

/**
 * Whether the shopper's own rights allow refunding the voucher now (run under its lock): the
 * 14-day no-quibble refund, or Deal Protection's until 7 days before expiry; a voucher already
 * refunded answers that refund (a repeat moves nothing again).
 */
export async function shopperMayRefund(tx: Db, voucher: VoucherRow, customerId: number, now: Date): Promise<{ repeat: VoucherRefund } | { go: VoucherRow }> {
  if (!isBuyerOrHolder(voucher, customerId)) throw refundError("VOUCHER_NOT_FOUND");
  if (voucher.status === "REFUNDED") {
    const repeat = await earlierRefund(tx, voucher.id);
    if (repeat) return { repeat };
  }
  const option = (await optionsOf(tx, voucher, now, customerId)).refund;
  if (!option.allowed) throw refundError("REFUND_NOT_ALLOWED", undefined, option.reason);
  return { go: voucher };
}

/**
 * Whether staff may cancel the buyer's voucher now, outside the shopper's own refund windows (the
 * merchant cannot honour it; run under its lock): only a voucher that could still be refunded at
 * all, Ready to Redeem and, for goods, not yet dispatched. A voucher already refunded answers that
 * refund (a second press moves nothing again).
 */
export async function staffMayCancel(tx: Db, voucher: VoucherRow, customerId: number): Promise<{ repeat: VoucherRefund } | { go: VoucherRow }> {
  if (voucher.customerId !== customerId) throw refundError("VOUCHER_NOT_FOUND");
  if (voucher.status === "REFUNDED") {
    const repeat = await earlierRefund(tx, voucher.id);
    if (repeat) return { repeat };
  }
  const facts = await afterSaleFactsOf(tx, voucher, customerId);
  if (facts.status !== "READY_TO_REDEEM") throw refundError("REFUND_NOT_ALLOWED", undefined, `This voucher is ${facts.status.toLowerCase().replaceAll("_", " ")}.`);
  if (facts.physical && facts.shipmentStatus && facts.shipmentStatus !== "PROCESSING") throw refundError("REFUND_NOT_ALLOWED", undefined, "This item has been dispatched.");
  return { go: voucher };
}

/**
 * The 14-day no-quibble refund (and, with Deal Protection, until 7 days before expiry) of an
 * unused voucher, chosen by its shopper: the card part back to the payment method or, with
 * "wallet", into the wallet at once; wallet-paid parts back to the wallet either way. The unit
 * goes back on sale and off the caps. A repeat (double click, second tab) answers the first
 * refund's result and moves nothing again.
 */
export async function refundVoucher(db: Db, services: RefundServices, request: RefundRequest): Promise<RefundResult> {
  return refundLockedVoucher(db, services, { ...request, returnUnit: true }, (tx, voucher) => shopperMayRefund(tx, voucher, request.customerId, services.clock.now()));
}
