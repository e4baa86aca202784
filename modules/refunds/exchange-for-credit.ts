import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { enqueueJob } from "../jobs/enqueue";
import { enqueue } from "../mail/outbox";
import { findCustomerOrder } from "../orders/find-orders";
import { type Actor, transition } from "../states/transition";
import type { VoucherStatus } from "../vouchers/schema";
import { VOUCHER_PROCESS } from "../vouchers/voucher-process";
import { creditRequestedEmail } from "./emails";
import { refundError } from "./errors";
import { isBuyerOrHolder, lockVoucher, optionsOf } from "./voucher-facts";

/** The job that turns a requested exchange into wallet credit (processCreditExchange). */
export const CREDIT_EXCHANGE_JOB = "refunds.credit-exchange";

export interface CreditExchangeResult {
  voucherId: number;
  status: Extract<VoucherStatus, "CREDIT_REQUESTED" | "REQUEST_PROCESSED">;
  /** The whole of what the voucher cost, all of it as wallet credit. */
  amount: number;
  /** False when the exchange had already been asked for: nothing was queued again. */
  firstTime: boolean;
}

/**
 * Asks to exchange an unused voucher for wallet credit worth all it cost (Ready to Redeem, or
 * Expired within the 14 days of the auto-credit rule → Credit Requested). A job gives the credit
 * and moves it on to Request Processed; the shopper gets an email now and another then.
 */
export async function exchangeForCredit(
  db: Db,
  services: { clock: Clock; linkOrigin: string },
  request: { voucherId: number; customerId: number; actor: Actor },
): Promise<CreditExchangeResult> {
  const now = services.clock.now();
  return db.transaction(async (tx) => {
    const voucher = await lockVoucher(tx, request.voucherId);
    if (!voucher || !isBuyerOrHolder(voucher, request.customerId)) throw refundError("VOUCHER_NOT_FOUND");
    const amount = voucher.paidCard + voucher.paidRefundableCredit + voucher.paidMarketingCredit;
    if (voucher.status === "CREDIT_REQUESTED" || voucher.status === "REQUEST_PROCESSED") return { voucherId: voucher.id, status: voucher.status, amount, firstTime: false };
    const option = (await optionsOf(tx, voucher, now, request.customerId)).credit;
    if (!option.allowed) throw refundError("CREDIT_NOT_ALLOWED", undefined, option.reason);
    // An unused voucher still in date goes back on sale; an expired one's deal has moved on.
    const returnUnit = voucher.status === "READY_TO_REDEEM" && now < voucher.expiresAt;
    await transition(tx, VOUCHER_PROCESS, { id: voucher.id, from: voucher.status, to: "CREDIT_REQUESTED", actor: request.actor, at: now });
    await enqueueJob(tx, CREDIT_EXCHANGE_JOB, { voucherId: voucher.id, returnUnit, origin: services.linkOrigin }, { uniqueKey: `credit:voucher:${voucher.id}`, clock: services.clock });
    const order = await findCustomerOrder(tx, voucher.customerId, voucher.orderId);
    if (order) {
      const context = { brand: order.row.brand, to: order.row.email, currency: voucher.currency, dealTitle: voucher.dealTitle, origin: services.linkOrigin };
      await enqueue(tx, creditRequestedEmail(context, amount), services.clock);
    }
    return { voucherId: voucher.id, status: "CREDIT_REQUESTED", amount, firstTime: true };
  });
}
