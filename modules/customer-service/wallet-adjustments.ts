import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { BRANDS, type BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { customers } from "../accounts/schema";
import { enqueue } from "../mail/outbox";
import { recordStaffChange } from "../staff/record-staff-change";
import type { StaffActor } from "../staff/staff-actor";
import { recordInitialStatus } from "../states/transition";
import { addWalletCredit, debitWalletAdjustment } from "../wallet/wallet";
import { walletAdjustmentEmail } from "./emails";
import { customerServiceError } from "./errors";
import { decideAwaiting, staffActorOf } from "./four-eyes";
import { GOODWILL_MAXIMUM } from "./goodwill-credits";
import { walletAdjustments } from "./schema";
import { staffReason } from "./staff-reason";
import { WALLET_ADJUSTMENT_PROCESS } from "./wallet-adjustment-process";

type AdjustmentRow = typeof walletAdjustments.$inferSelect;
type Shopper = { email: string; firstName: string; brand: BrandId };

/** The most one adjustment may add or take away (£500 or €500), as a goodwill credit: more is for finance. */
export const ADJUSTMENT_MAXIMUM = GOODWILL_MAXIMUM;

/**
 * The adjustment reaches the wallet in the caller's transaction: credit added as a new lot (reason
 * adjustment), or taken from the lots expiring first under the wallet's lock, refused with a 409
 * when the balance is too small now; then the shopper is emailed.
 */
async function applyAdjustment(tx: Db, clock: Clock, adjustment: AdjustmentRow, shopper: Shopper, origin: string) {
  const { customerId, currency, balanceType, amount } = adjustment;
  const description = `Adjustment by customer service (${adjustment.id})`;
  if (amount > 0) {
    await addWalletCredit(tx, { customerId, currency, balanceType, amount, reason: "adjustment", description, at: clock.now() });
  } else {
    const debited = await debitWalletAdjustment(tx, { customerId, currency, balanceType, amount: -amount, description, at: clock.now() });
    if (!debited.ok) throw customerServiceError("BALANCE_TOO_SMALL");
  }
  await enqueue(tx, walletAdjustmentEmail({ brand: shopper.brand, to: shopper.email, firstName: shopper.firstName, amount, currency, origin }), clock);
}

/**
 * Customer service adds credit to a shopper's wallet or takes it away (a negative amount) on one
 * balance, with a reason. Up to `approvalAbove` either way it is applied at once; above it, it waits
 * for a lead (four eyes). The form's key makes a second press answer the first adjustment. Audited
 * in the same transaction.
 */
export async function requestWalletAdjustment(
  db: Db,
  clock: Clock,
  actor: StaffActor,
  request: {
    customerId: number;
    balanceType: string;
    amount: number;
    reason: string;
    key: string;
    approvalAbove: number;
    linkOrigin: (brand: BrandId) => string;
  },
): Promise<AdjustmentRow> {
  const reason = staffReason(request.reason);
  if (!Number.isInteger(request.amount) || request.amount === 0 || Math.abs(request.amount) > ADJUSTMENT_MAXIMUM) throw customerServiceError("ADJUSTMENT_AMOUNT");
  if (request.balanceType !== "refundable" && request.balanceType !== "marketing") throw customerServiceError("BALANCE_TYPE");
  const balanceType = request.balanceType;
  if (!/^[\w-]{16,64}$/.test(request.key)) throw customerServiceError("FORM_EXPIRED");
  return db.transaction(async (tx) => {
    const [shopper] = await tx
      .select()
      .from(customers)
      .where(and(eq(customers.id, request.customerId), eq(customers.status, "active")));
    if (!shopper) throw customerServiceError("ACCOUNT_DELETED");
    const status = Math.abs(request.amount) > request.approvalAbove ? "awaiting_approval" : "approved";
    const now = clock.now();
    const [adjustment] = await tx
      .insert(walletAdjustments)
      .values({
        customerId: shopper.id,
        currency: BRANDS[shopper.brand].currency,
        balanceType,
        amount: request.amount,
        reason,
        status,
        requestedByStaffId: actor.staffUserId,
        requestedByName: actor.name,
        ...(status === "approved" ? { decidedByStaffId: actor.staffUserId, decidedByName: actor.name, decidedAt: now } : {}),
        idempotencyKey: request.key,
        createdAt: now,
      })
      // The same form sent twice: the second waits for the first and answers its adjustment.
      .onConflictDoNothing({ target: walletAdjustments.idempotencyKey })
      .returning();
    if (!adjustment) {
      const [earlier] = await tx.select().from(walletAdjustments).where(eq(walletAdjustments.idempotencyKey, request.key));
      return earlier;
    }
    await recordInitialStatus(tx, WALLET_ADJUSTMENT_PROCESS, [adjustment], { actor: staffActorOf(actor), at: now, reason });
    if (status === "approved") await applyAdjustment(tx, clock, adjustment, shopper, request.linkOrigin(shopper.brand));
    await recordStaffChange(tx, clock, actor, {
      action: "customer.wallet-adjustment",
      entity: { type: "customer", id: shopper.id },
      before: null,
      after: { walletAdjustmentId: adjustment.id, amount: adjustment.amount, currency: adjustment.currency, balanceType, status },
      reason,
    });
    return adjustment;
  });
}

/**
 * A lead approves (the wallet changes, the shopper is emailed; a debit the balance no longer covers
 * is refused and stays awaiting) or rejects an adjustment of this shopper awaiting approval; never
 * their own request. Audited with the lead's note.
 */
export async function decideWalletAdjustment(
  db: Db,
  clock: Clock,
  lead: StaffActor,
  decision: { customerId: number; adjustmentId: number; approve: boolean; note: string; linkOrigin: (brand: BrandId) => string },
): Promise<AdjustmentRow> {
  const note = staffReason(decision.note);
  return db.transaction(async (tx) => {
    const [adjustment] = await tx
      .select()
      .from(walletAdjustments)
      .where(and(eq(walletAdjustments.id, decision.adjustmentId), eq(walletAdjustments.customerId, decision.customerId)))
      .for("update");
    if (!adjustment) throw customerServiceError("UNKNOWN_WALLET_ADJUSTMENT");
    const decided = await decideAwaiting(tx, WALLET_ADJUSTMENT_PROCESS, adjustment, lead, {
      approve: decision.approve,
      note,
      at: clock.now(),
      alreadyDecided: "ADJUSTMENT_DECIDED",
    });
    if (decision.approve) {
      const [shopper] = await tx.select().from(customers).where(eq(customers.id, adjustment.customerId));
      await applyAdjustment(tx, clock, decided, shopper, decision.linkOrigin(shopper.brand));
    }
    await recordStaffChange(tx, clock, lead, {
      action: decision.approve ? "wallet-adjustment.approve" : "wallet-adjustment.reject",
      entity: { type: "wallet_adjustment", id: adjustment.id },
      before: { status: adjustment.status },
      after: { status: decided.status, customerId: adjustment.customerId, amount: adjustment.amount, balanceType: adjustment.balanceType },
      reason: note,
    });
    return decided;
  });
}

/** A shopper's wallet adjustments, newest first (their page). */
export async function walletAdjustmentsOf(db: Db, customerId: number) {
  return db.select().from(walletAdjustments).where(eq(walletAdjustments.customerId, customerId)).orderBy(desc(walletAdjustments.createdAt), desc(walletAdjustments.id)).limit(20);
}
