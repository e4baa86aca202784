import { addMonths } from "date-fns";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { BRANDS, type BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { findActiveCustomer } from "../accounts/customers";
import { enqueue } from "../mail/outbox";
import { hashToken, randomToken } from "../security/tokens";
import { type Actor, recordInitialStatus } from "../states/transition";
import { vipRefundInvitationEmail } from "./refund-emails";
import { vipRefundError } from "./refund-errors";
import { VIP_REFUND_PROCESS } from "./refund-request-process";
import { coveredVipPayments, extraCreditFor, VIP_REFUND_WINDOW_MONTHS } from "./refund-sources";
import { vipRefundRequests } from "./schema";

/** The page the emailed link opens; the token travels in the query, which request logs leave out. */
export function vipRefundPath(token: string): string {
  return `/vip-refund?token=${encodeURIComponent(token)}`;
}

export interface VipRefundInvitation {
  requestId: number;
  /** The absolute link (also emailed); only its hash is stored. */
  url: string;
  paidAmount: number;
  expiresAt: Date;
}

/**
 * Invites an existing or former VIP to the cash-refund form (spec §6: by emailed invitation only):
 * what they paid for VIP in the last 12 months (and not refunded or covered before) is fixed on the
 * request, a random token is emailed through the outbox and stored hashed, and the link works for
 * 12 months (spec §9: request within 12 months). Inviting again while the earlier invitation is
 * unanswered replaces its link; once the shopper has answered, the request must be processed first.
 */
export async function inviteVipRefund(db: Db, clock: Clock, input: { customerId: number; actor: Actor; linkOrigin: (brand: BrandId) => string }): Promise<VipRefundInvitation> {
  const now = clock.now();
  const customer = await findActiveCustomer(db, input.customerId);
  if (!customer) throw vipRefundError("UNKNOWN_CUSTOMER");
  const { currency } = BRANDS[customer.brand];
  const token = randomToken();
  const expiresAt = addMonths(now, VIP_REFUND_WINDOW_MONTHS);
  const url = `${input.linkOrigin(customer.brand)}${vipRefundPath(token)}`;
  return db.transaction(async (tx) => {
    const open = await tx
      .select()
      .from(vipRefundRequests)
      .where(and(eq(vipRefundRequests.customerId, customer.id), inArray(vipRefundRequests.status, ["INVITED", "REQUESTED"])))
      .for("update");
    if (open.some((request) => request.status === "REQUESTED")) throw vipRefundError("ALREADY_REQUESTED");
    const sources = await coveredVipPayments(tx, { customerId: customer.id, currency, invitedAt: now });
    const paidAmount = sources.reduce((sum, source) => sum + source.amount, 0);
    if (paidAmount <= 0) throw vipRefundError("NOTHING_TO_REFUND");
    const values = { tokenHash: hashToken(token), paidAmount, invitedAt: now, expiresAt };
    let requestId: number;
    const [earlier] = open;
    if (earlier) {
      // A new link for the unanswered invitation: the old one stops working.
      await tx.update(vipRefundRequests).set(values).where(eq(vipRefundRequests.id, earlier.id));
      requestId = earlier.id;
    } else {
      const [created] = await tx
        .insert(vipRefundRequests)
        .values({ customerId: customer.id, brand: customer.brand, currency, status: "INVITED", ...values })
        .returning();
      await recordInitialStatus(tx, VIP_REFUND_PROCESS, [created], { actor: input.actor, at: now, data: { paidAmount } });
      requestId = created.id;
    }
    await enqueue(
      tx,
      vipRefundInvitationEmail({ brand: customer.brand, to: customer.email, firstName: customer.firstName, url, paid: paidAmount, extraCredit: extraCreditFor(paidAmount), currency, expiresAt }),
      clock,
    );
    return { requestId, url, paidAmount, expiresAt };
  });
}
