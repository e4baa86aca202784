import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { findActiveCustomer } from "../accounts/customers";
import { isVipActive, setVipPeriod } from "../accounts/grant-vip";
import { enqueueJob } from "../jobs/enqueue";
import { enqueue } from "../mail/outbox";
import { recordOrderRefund } from "../orders/record-order-refund";
import { recordCardRefund } from "../payments/payment-refunds";
import { refundableOnOrder } from "../payments/refundable-amount";
import { CARD_REFUND_JOB } from "../refunds/give-back-money";
import { type Actor, transition } from "../states/transition";
import { addWalletCredit } from "../wallet/wallet";
import { recordVipChargeRefund } from "../vip/charge-refunds";
import { endVipMembership } from "../vip/end-membership";
import { vipRefundProcessedEmail } from "./refund-emails";
import { vipRefundError } from "./refund-errors";
import { VIP_REFUND_PROCESS } from "./refund-request-process";
import { coveredVipPayments, extraCreditFor, type VipPaymentSource } from "./refund-sources";
import { vipRefundRequests } from "./schema";

/** The job that carries out answered VIP refund requests (scheduled; idempotent). */
export const VIP_REFUND_JOB = "vip.process-refund-requests";
/** The job that sends a refund of a VIP charge made without an order to the gateway (retried). */
export const VIP_CHARGE_REFUND_JOB = "vip.charge-refund";
/** Requests carried out per run of the job. */
export const VIP_REFUND_BATCH_SIZE = 100;

const VIP_REFUND_DESK: Actor = { type: "system", id: "vip-refunds" };
/** The request itself tries nothing at the gateway: the card refund job sends it a little later. */
const CARD_REFUND_DELAY_MS = 30_000;

export interface RefundServices {
  clock: Clock;
  /** Each brand's public origin, for the links in the confirmation email. */
  linkOrigin: (brand: BrandId) => string;
}

export type ProcessOutcome = "processed" | "declined" | "skipped";

const refundKey = (requestId: number, source: VipPaymentSource) =>
  `vip-refund:${requestId}:${source.kind === "order" ? `order:${source.orderId}` : `charge:${source.chargeId}`}`;

/**
 * Gives `part` of one VIP payment back to the card that paid it, inside the caller's transaction,
 * under `key`: booked against the order's payment with a keyed job to send it (the order moved on),
 * or, for a renewal charged straight at the gateway, a keyed charge-refund job; the charge records
 * what was refunded of it (never beyond what was charged). Answers what goes to the card (less
 * than `part` when a card cannot take it all back: paid with wallet credit, or refunded meanwhile).
 */
export async function refundVipPayment(
  tx: Db,
  source: VipPaymentSource,
  refund: { part: number; key: string; refundId: number | string; actor: Actor; at: Date; clock: Clock; reason: string },
): Promise<number> {
  const { part, key, actor, at, clock, reason } = refund;
  let toCard = 0;
  if (source.orderId !== null) {
    // Locks in the order voucher refunds take them: the order, then its payment.
    await recordOrderRefund(tx, { orderId: source.orderId, actor, at, reason });
    toCard = Math.min(part, await refundableOnOrder(tx, source.orderId, { lock: true }));
    if (toCard > 0) {
      const booked = await recordCardRefund(tx, { orderId: source.orderId, amount: toCard, idempotencyKey: key, actor, reason, at });
      if (!booked.ok) throw new Error(`VIP refund ${refund.refundId}: the payment of order ${source.orderId} refused ${toCard} (${booked.reason})`);
      await enqueueJob(tx, CARD_REFUND_JOB, { idempotencyKey: key }, { uniqueKey: key, runAt: new Date(at.getTime() + CARD_REFUND_DELAY_MS), clock });
    }
  } else if (source.kind === "charge" && source.authorizationId !== null) {
    toCard = part;
    await enqueueJob(tx, VIP_CHARGE_REFUND_JOB, { chargeId: source.chargeId, idempotencyKey: key, amount: toCard }, { uniqueKey: key, clock });
  }
  if (source.kind === "charge") {
    await recordVipChargeRefund(tx, { chargeId: source.chargeId, amount: part, at, requestId: refund.refundId });
  }
  return toCard;
}

/**
 * Gives back up to `amount` of VIP payments to the card that paid them, newest first, inside the
 * caller's transaction: each part booked against its payment (never more than the payment has
 * left) with a keyed job to send it, the order moved on; what no card can take back (paid with
 * wallet credit, or the payment was refunded meanwhile) is returned as wallet credit.
 */
async function refundToCard(tx: Db, request: { id: number; customerId: number }, sources: readonly VipPaymentSource[], amount: number, at: Date, clock: Clock) {
  const reason = "VIP cash refund";
  let remaining = amount;
  let card = 0;
  for (const source of sources) {
    const part = Math.min(remaining, source.amount);
    if (part <= 0) break;
    remaining -= part;
    card += await refundVipPayment(tx, source, { part, key: refundKey(request.id, source), refundId: request.id, actor: VIP_REFUND_DESK, at, clock, reason });
  }
  return { card, wallet: amount - remaining - card };
}

/**
 * Carries out one answered request, in one transaction, once: a second run (a retried job, a second
 * instance, staff at the same time) finds it no longer REQUESTED and does nothing.
 * - cash refund: what was paid goes back to the card (within what each payment has left; the rest
 *   as wallet credit), and the membership ends;
 * - extra credit: what was paid plus 20% becomes wallet credit (reason vip_refund), and the
 *   membership ends;
 * - stay VIP: nothing moves; the choice is recorded.
 * Never more than was paid: the amount is what the invitation fixed, capped by what is still
 * unrefunded of the covered payments; with nothing left the request is DECLINED.
 */
export async function processVipRefundRequest(db: Db, services: RefundServices, requestId: number, actor: Actor = VIP_REFUND_DESK): Promise<ProcessOutcome> {
  const at = services.clock.now();
  return db.transaction(async (tx) => {
    const [request] = await tx.select().from(vipRefundRequests).where(eq(vipRefundRequests.id, requestId)).for("update");
    if (!request || request.status !== "REQUESTED" || !request.choice) return "skipped";
    const choice = request.choice;
    const customer = await findActiveCustomer(tx, request.customerId);
    let cardAmount = 0;
    let walletCredit = 0;
    if (choice !== "stay_vip") {
      const sources = await coveredVipPayments(tx, { customerId: request.customerId, currency: request.currency, invitedAt: request.invitedAt });
      const available = Math.min(request.paidAmount, sources.reduce((sum, source) => sum + source.amount, 0));
      if (available <= 0) {
        await transition(tx, VIP_REFUND_PROCESS, {
          id: request.id,
          from: "REQUESTED",
          to: "DECLINED",
          actor,
          at,
          reason: "Nothing left to refund: the VIP payments were refunded already",
          set: { processedAt: at, settledAmount: 0 },
        });
        return "declined";
      }
      if (choice === "extra_credit") {
        walletCredit = extraCreditFor(available);
      } else {
        const moved = await refundToCard(tx, request, sources, available, at, services.clock);
        cardAmount = moved.card;
        walletCredit = moved.wallet;
      }
      if (walletCredit > 0) {
        await addWalletCredit(tx, {
          customerId: request.customerId,
          currency: request.currency,
          balanceType: "refundable",
          amount: walletCredit,
          reason: "vip_refund",
          description: choice === "extra_credit" ? "VIP refund: what you paid for VIP plus 20%" : "VIP refund: the part not paid by card",
          at,
        });
      }
      // Money went back: the membership ends (a shopper on a VIP year without a membership record too).
      const ended = await endVipMembership(tx, { customerId: request.customerId, actor, at, reason: "VIP refund" });
      if (!ended && customer && isVipActive(customer, at)) await setVipPeriod(tx, request.customerId, { vip: false, until: null, now: at });
    }
    await transition(tx, VIP_REFUND_PROCESS, {
      id: request.id,
      from: "REQUESTED",
      to: "PROCESSED",
      actor,
      at,
      data: { choice, cardAmount, walletCredit },
      set: { processedAt: at, settledAmount: cardAmount + walletCredit },
    });
    if (customer) {
      await enqueue(
        tx,
        vipRefundProcessedEmail({
          brand: request.brand,
          to: customer.email,
          firstName: customer.firstName,
          origin: services.linkOrigin(request.brand),
          currency: request.currency,
          choice,
          cardAmount,
          walletCredit,
        }),
        services.clock,
      );
    }
    return "processed";
  });
}

/**
 * The job's work: every answered request (of one customer, for the development tools), oldest
 * first, each in a transaction of its own. Answers how many were carried out or declined.
 */
export async function processVipRefundRequests(db: Db, services: RefundServices, options: { customerId?: number; limit?: number } = {}): Promise<number> {
  const due = await db
    .select({ id: vipRefundRequests.id })
    .from(vipRefundRequests)
    .where(and(eq(vipRefundRequests.status, "REQUESTED"), options.customerId === undefined ? undefined : eq(vipRefundRequests.customerId, options.customerId)))
    .orderBy(asc(vipRefundRequests.requestedAt), asc(vipRefundRequests.id))
    .limit(options.limit ?? VIP_REFUND_BATCH_SIZE);
  let done = 0;
  for (const { id } of due) if ((await processVipRefundRequest(db, services, id)) !== "skipped") done += 1;
  return done;
}

/** Staff turn a request down (or withdraw an unanswered invitation), with their reason in its history. */
export async function declineVipRefundRequest(db: Db, input: { requestId: number; reason: string; actor: Actor; at: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    const [request] = await tx.select().from(vipRefundRequests).where(eq(vipRefundRequests.id, input.requestId)).for("update");
    if (!request) throw vipRefundError("UNKNOWN_REQUEST");
    if (request.status !== "INVITED" && request.status !== "REQUESTED") throw vipRefundError("NOT_DECLINABLE");
    await transition(tx, VIP_REFUND_PROCESS, {
      id: request.id,
      from: request.status,
      to: "DECLINED",
      actor: input.actor,
      at: input.at,
      reason: input.reason,
      set: { processedAt: input.at, settledAmount: 0 },
    });
  });
}
