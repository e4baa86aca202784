import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { BRANDS, type BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { customers } from "../accounts/schema";
import { enqueue } from "../mail/outbox";
import { recordStaffChange } from "../staff/record-staff-change";
import type { StaffActor } from "../staff/staff-actor";
import { recordInitialStatus } from "../states/transition";
import { addWalletCredit } from "../wallet/wallet";
import { goodwillCreditEmail } from "./emails";
import { customerServiceError } from "./errors";
import { decideAwaiting, staffActorOf } from "./four-eyes";
import { GOODWILL_PROCESS } from "./goodwill-process";
import { goodwillCredits } from "./schema";
import { staffReason } from "./staff-reason";

/** The most one goodwill credit may be, whoever approves it (£500 or €500): more is a refund or a complaint for finance. */
export const GOODWILL_MAXIMUM = 50_000;

type GoodwillRow = typeof goodwillCredits.$inferSelect;

export { staffActorOf };

/** The credit goes into the wallet (marketing credit, reason goodwill) and the shopper is emailed, in the caller's transaction. */
async function applyCredit(tx: Db, clock: Clock, credit: GoodwillRow, shopper: { email: string; firstName: string; brand: BrandId }, origin: string) {
  await addWalletCredit(tx, {
    customerId: credit.customerId,
    currency: credit.currency,
    balanceType: "marketing",
    amount: credit.amount,
    reason: "goodwill",
    description: "Goodwill credit from customer service",
    at: clock.now(),
  });
  await enqueue(
    tx,
    goodwillCreditEmail({ brand: shopper.brand, to: shopper.email, firstName: shopper.firstName, amount: credit.amount, currency: credit.currency, origin }),
    clock,
  );
}

/**
 * Customer service gives a shopper goodwill credit with a reason. Up to `approvalAbove` it is in
 * their wallet at once; above it, it waits for a lead's decision (four eyes). The form's key makes
 * a second press answer the first credit. Audited in the same transaction.
 */
export async function requestGoodwillCredit(
  db: Db,
  clock: Clock,
  actor: StaffActor,
  request: { customerId: number; amount: number; reason: string; key: string; approvalAbove: number; linkOrigin: (brand: BrandId) => string },
): Promise<GoodwillRow> {
  const reason = staffReason(request.reason);
  if (!Number.isInteger(request.amount) || request.amount <= 0 || request.amount > GOODWILL_MAXIMUM) throw customerServiceError("GOODWILL_AMOUNT");
  if (!/^[\w-]{16,64}$/.test(request.key)) throw customerServiceError("FORM_EXPIRED");
  return db.transaction(async (tx) => {
    const [shopper] = await tx
      .select()
      .from(customers)
      .where(and(eq(customers.id, request.customerId), eq(customers.status, "active")));
    if (!shopper) throw customerServiceError("ACCOUNT_DELETED");
    const status = request.amount > request.approvalAbove ? "awaiting_approval" : "approved";
    const now = clock.now();
    const [credit] = await tx
      .insert(goodwillCredits)
      .values({
        customerId: shopper.id,
        currency: BRANDS[shopper.brand].currency,
        amount: request.amount,
        reason,
        status,
        requestedByStaffId: actor.staffUserId,
        requestedByName: actor.name,
        ...(status === "approved" ? { decidedByStaffId: actor.staffUserId, decidedByName: actor.name, decidedAt: now } : {}),
        idempotencyKey: request.key,
        createdAt: now,
      })
      // The same form sent twice (a double press, two tabs): the second waits for the first and answers its credit.
      .onConflictDoNothing({ target: goodwillCredits.idempotencyKey })
      .returning();
    if (!credit) {
      const [earlier] = await tx.select().from(goodwillCredits).where(eq(goodwillCredits.idempotencyKey, request.key));
      return earlier;
    }
    await recordInitialStatus(tx, GOODWILL_PROCESS, [credit], { actor: staffActorOf(actor), at: now, reason });
    if (status === "approved") await applyCredit(tx, clock, credit, shopper, request.linkOrigin(shopper.brand));
    await recordStaffChange(tx, clock, actor, {
      action: "customer.goodwill-credit",
      entity: { type: "customer", id: shopper.id },
      before: null,
      after: { goodwillCreditId: credit.id, amount: credit.amount, currency: credit.currency, status },
      reason,
    });
    return credit;
  });
}

/**
 * A lead approves (the credit goes into the wallet, the shopper is emailed) or rejects a credit
 * awaiting approval; never their own request. Audited with the lead's note.
 */
export async function decideGoodwillCredit(
  db: Db,
  clock: Clock,
  lead: StaffActor,
  decision: { creditId: number; approve: boolean; note: string; linkOrigin: (brand: BrandId) => string },
): Promise<GoodwillRow> {
  const note = staffReason(decision.note);
  return db.transaction(async (tx) => {
    const [credit] = await tx.select().from(goodwillCredits).where(eq(goodwillCredits.id, decision.creditId)).for("update");
    if (!credit) throw customerServiceError("UNKNOWN_GOODWILL_CREDIT");
    const decided = await decideAwaiting(tx, GOODWILL_PROCESS, credit, lead, { approve: decision.approve, note, at: clock.now(), alreadyDecided: "GOODWILL_DECIDED" });
    if (decision.approve) {
      const [shopper] = await tx.select().from(customers).where(eq(customers.id, credit.customerId));
      await applyCredit(tx, clock, decided, shopper, decision.linkOrigin(shopper.brand));
    }
    await recordStaffChange(tx, clock, lead, {
      action: decision.approve ? "goodwill-credit.approve" : "goodwill-credit.reject",
      entity: { type: "goodwill_credit", id: credit.id },
      before: { status: credit.status },
      after: { status: decided.status, customerId: credit.customerId, amount: credit.amount },
      reason: note,
    });
    return decided;
  });
}

/** A shopper's goodwill credits, newest first (their page). */
export async function goodwillCreditsOf(db: Db, customerId: number) {
  return db.select().from(goodwillCredits).where(eq(goodwillCredits.customerId, customerId)).orderBy(desc(goodwillCredits.createdAt), desc(goodwillCredits.id)).limit(20);
}
