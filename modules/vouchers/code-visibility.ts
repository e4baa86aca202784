import type { VoucherStatus } from "./schema";

/**
 * What decides whether a viewer may see a voucher's code: who bought it, who holds it, its open
 * gift (one sent or claimed; a cancelled gift is no gift), and when it becomes available.
 */
export interface CodeFacts {
  /** The buyer. */
  customerId: number;
  /** The recipient who claimed it as a gift; null otherwise. */
  holderCustomerId: number | null;
  /** The voucher's gift that is still standing: sent (not yet claimed) or claimed; null when none. */
  gift: "SENT" | "CLAIMED" | null;
  availableAt: Date;
  status: VoucherStatus;
}

/** Why a code is not shown: given away (the buyer of a gift), not the viewer's, or not ready yet. */
export type CodeHiddenReason = "GIFTED" | "NOT_YOURS" | "NOT_READY";

export type CodeVisibility = { visible: true } | { visible: false; reason: CodeHiddenReason };

/** The one who may use the code: the recipient once claimed, nobody while a gift waits to be claimed, else the buyer. */
function holderOf(facts: CodeFacts): number | null {
  if (facts.holderCustomerId !== null) return facts.holderCustomerId;
  return facts.gift === null ? facts.customerId : null;
}

/**
 * The one rule for every page, PDF, email and API answer that could carry a voucher code
 * (docs/decisions/vouchers-code-visibility.md): only the voucher's holder sees it, and only from
 * available_at on (spec §9: 24 hours after purchase). A redeemed, refunded or expired voucher's
 * code stays visible to its holder as a record: the status beside it says it no longer works, and
 * the till refuses it.
 */
export function codeVisibility(facts: CodeFacts, viewerId: number | null, now: Date): CodeVisibility {
  if (viewerId === null || holderOf(facts) !== viewerId) {
    return { visible: false, reason: viewerId !== null && viewerId === facts.customerId ? "GIFTED" : "NOT_YOURS" };
  }
  // A held order's codes wait for its review; a cancelled order's never come.
  if (facts.status === "HELD" || facts.status === "CANCELLED") return { visible: false, reason: "NOT_READY" };
  if (facts.availableAt.getTime() > now.getTime()) return { visible: false, reason: "NOT_READY" };
  return { visible: true };
}

/** The code this viewer may see now, or null. */
export function visibleCode(facts: CodeFacts & { code: string }, viewerId: number | null, now: Date): string | null {
  return codeVisibility(facts, viewerId, now).visible ? facts.code : null;
}
