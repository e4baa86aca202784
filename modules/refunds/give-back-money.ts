import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { returnUnit } from "../inventory/give-back";
import { orderLineStay } from "../orders/order-line-stay";
import { cancelVoucherBooking } from "../travel/booking-requests";
import { roomsFor, stayNights } from "../travel/stay-rules";
import { endGiftOfCancelledVoucher } from "../gifts/end-gift";
import { enqueueJob } from "../jobs/enqueue";
import { enqueue } from "../mail/outbox";
import { ORDER_PROCESS } from "../orders/order-process";
import { recordOrderRefund } from "../orders/record-order-refund";
import { type PaidWith, paidWithLabel, recordCardRefund } from "../payments/payment-refunds";
import { recordStatusEvent } from "../states/record-event";
import type { Actor } from "../states/transition";
import { addWalletCredit } from "../wallet/wallet";
import { creditAddedEmail, refundEmail } from "./emails";
import { refundError } from "./errors";
import { feeTotal, type PaidParts, protectionFeeBack, withFee } from "./protection-fee";
import { type RefundDestination, type VoucherRefundKind, voucherRefunds } from "./schema";
import type { VoucherRow } from "./voucher-facts";

export type VoucherRefund = typeof voucherRefunds.$inferSelect;

/** The job that sends a booked card refund to the gateway (and retries it). */
export const CARD_REFUND_JOB = "refunds.card-refund";
/** The request itself tries the gateway first; the job waits this long so it normally finds the work done. */
const CARD_REFUND_JOB_DELAY_MS = 30_000;

export const cardRefundKey = (voucherId: number) => `refund:voucher:${voucherId}`;

/** Where each part of what a voucher cost (with any Deal Protection fee given back beside it) goes back to. */
export function refundParts(voucher: PaidParts, destination: RefundDestination): { cardAmount: number; refundableCredit: number; marketingCredit: number } {
  const toCard = destination === "original";
  return {
    cardAmount: toCard ? voucher.paidCard : 0,
    // Refundable credit comes back as such; with "wallet", so does the card part, at once.
    refundableCredit: voucher.paidRefundableCredit + (toCard ? 0 : voucher.paidCard),
    // Marketing credit comes back as marketing credit, never as money.
    marketingCredit: voucher.paidMarketingCredit,
  };
}

export interface GiveBack {
  /** Locked by the caller, who has already moved it to its final status (Refunded, Request Processed). */
  voucher: VoucherRow;
  kind: VoucherRefundKind;
  destination: RefundDestination;
  /** The unit goes back on sale and off the caps (an unused voucher); not for returned goods or expired vouchers. */
  returnUnit: boolean;
  actor: Actor;
  at: Date;
  reason?: string;
  clock: Clock;
  origin: string;
}

/** What a dated stay's voucher sold: its nights and rooms, and a seat per passenger on each flight; null for any other voucher. */
export async function soldStay(tx: Db, orderLineId: number) {
  const stay = await orderLineStay(tx, orderLineId);
  if (!stay) return null;
  const seats = stay.flights ? [stay.flights.outboundFlightId, stay.flights.inboundFlightId].map((flightId) => ({ flightId, seats: stay.guests })) : [];
  return { nights: stayNights(stay.checkInDate, stay.checkOutDate), roomsPerNight: roomsFor(stay.guests), seats };
}

/**
 * Gives a voucher's money back inside the caller's transaction, once per voucher ever (the
 * voucher_refunds row's unique index): wallet parts as wallet credit now, the card part booked
 * against the payment with a job to send it to the gateway, the order moved on, the unit given
 * back, the confirmation email queued, and a gift of the voucher ended with its recipient told.
 * Locks in a fixed order: voucher (caller), order, payment, product, gift.
 */
export async function giveBackMoney(tx: Db, giveBack: GiveBack): Promise<{ refund: VoucherRefund; paidWith: PaidWith | null }> {
  const { voucher, at } = giveBack;
  // The order's lock first: the Deal Protection fee goes back with the last voucher of an order cancelled whole, once.
  const order = await recordOrderRefund(tx, { orderId: voucher.orderId, actor: giveBack.actor, at, reason: giveBack.reason });
  const fee = await protectionFeeBack(tx, voucher, { kind: giveBack.kind, at });
  const parts = refundParts(withFee(voucher, fee), giveBack.destination);
  const paymentOperationKey = parts.cardAmount > 0 ? cardRefundKey(voucher.id) : null;
  const [refund] = await tx
    .insert(voucherRefunds)
    .values({
      voucherId: voucher.id,
      orderId: voucher.orderId,
      customerId: voucher.customerId,
      merchantId: voucher.merchantId,
      kind: giveBack.kind,
      destination: giveBack.destination,
      currency: voucher.currency,
      ...parts,
      paymentOperationKey,
      actorType: giveBack.actor.type,
      actorId: giveBack.actor.id,
      reason: giveBack.reason ?? null,
      createdAt: at,
    })
    .returning();
  if (feeTotal(fee) > 0) {
    await recordStatusEvent(tx, ORDER_PROCESS, {
      id: voucher.orderId,
      status: order.status,
      event: "protection-fee-refunded",
      actor: giveBack.actor,
      at,
      reason: giveBack.reason,
      data: { voucherId: voucher.id, amount: feeTotal(fee) },
    });
  }

  let paidWith: PaidWith | null = null;
  if (paymentOperationKey) {
    const booked = await recordCardRefund(tx, { orderId: voucher.orderId, amount: parts.cardAmount, idempotencyKey: paymentOperationKey, actor: giveBack.actor, reason: giveBack.reason, at });
    if (!booked.ok) throw refundError(booked.reason === "not-captured" ? "PAYMENT_NOT_SETTLED" : "REFUND_EXCEEDS_PAYMENT");
    paidWith = booked.paidWith;
    await enqueueJob(tx, CARD_REFUND_JOB, { idempotencyKey: paymentOperationKey }, { uniqueKey: paymentOperationKey, runAt: new Date(at.getTime() + CARD_REFUND_JOB_DELAY_MS), clock: giveBack.clock });
  }

  // Named by its deal, never its code: the buyer of a claimed gift must not read the code (docs/decisions/vouchers-code-visibility.md).
  const description = giveBack.kind === "credit" ? `Credit for ${voucher.dealTitle}` : `Refund of ${voucher.dealTitle}`;
  for (const [balanceType, amount] of [["refundable", parts.refundableCredit], ["marketing", parts.marketingCredit]] as const) {
    if (amount > 0) {
      // The wallet's ledger links back to the voucher and its order.
      await addWalletCredit(tx, { customerId: voucher.customerId, currency: voucher.currency, balanceType, amount, reason: "refund", description, at, voucherId: voucher.id, orderId: voucher.orderId });
    }
  }

  // A refunded stay's booking made after purchase is cancelled, its nights back on sale.
  await cancelVoucherBooking(tx, { voucherId: voucher.id, actor: giveBack.actor, at, reason: giveBack.reason });
  if (giveBack.returnUnit) {
    // Through inventory's one seam: a dated stay gives back its rooms on every night, and its seats on both flights.
    const stay = await soldStay(tx, voucher.orderLineId);
    await returnUnit(tx, { customerId: voucher.customerId, dealId: voucher.dealId, productId: voucher.productId, soldAt: voucher.createdAt, ...stay });
  }

  const context = { brand: order.brand, to: order.email, currency: voucher.currency, dealTitle: voucher.dealTitle, origin: giveBack.origin };
  const walletCredit = parts.refundableCredit + parts.marketingCredit;
  const email =
    giveBack.kind === "credit"
      ? creditAddedEmail(context, walletCredit)
      : refundEmail(context, { cardAmount: parts.cardAmount, cardLabel: paidWith ? paidWithLabel(paidWith) : null, walletCredit, protectionFee: feeTotal(fee) });
  await enqueue(tx, email, giveBack.clock);
  // A gifted voucher's recipient is never left holding a dead voucher unawares.
  await endGiftOfCancelledVoucher(tx, { voucher, brand: order.brand, actor: giveBack.actor, at, clock: giveBack.clock, origin: giveBack.origin });
  return { refund, paidWith };
}
