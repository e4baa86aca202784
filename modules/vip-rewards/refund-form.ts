import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { DomainError } from "../../lib/errors";
import { hashToken } from "../security/tokens";
import { transition } from "../states/transition";
import { vipRefundError } from "./refund-errors";
import { VIP_REFUND_PROCESS } from "./refund-request-process";
import { extraCreditFor } from "./refund-sources";
import { type VipRefundChoice, type VipRefundRequestStatus, vipRefundRequests } from "./schema";

export const VIP_REFUND_CHOICES: readonly VipRefundChoice[] = ["cash_refund", "extra_credit", "stay_vip"];

/** What the form shows of the request its link names. */
export interface VipRefundForm {
  id: number;
  customerId: number;
  status: VipRefundRequestStatus;
  currency: "GBP" | "EUR";
  paidAmount: number;
  extraCredit: number;
  choice: VipRefundChoice | null;
  expiresAt: Date;
  /** The link still takes an answer: invited, not yet answered, not expired. */
  open: boolean;
}

/** The request a link's token names (only the hash is stored), or null: the caller counts a miss as a guess. */
export async function findVipRefundForm(db: Db, token: string, now: Date): Promise<VipRefundForm | null> {
  if (token.length < 16 || token.length > 128) return null;
  const [row] = await db.select().from(vipRefundRequests).where(eq(vipRefundRequests.tokenHash, hashToken(token)));
  if (!row) return null;
  return {
    id: row.id,
    customerId: row.customerId,
    status: row.status,
    currency: row.currency,
    paidAmount: row.paidAmount,
    extraCredit: extraCreditFor(row.paidAmount),
    choice: row.choice,
    expiresAt: row.expiresAt,
    open: row.status === "INVITED" && row.expiresAt.getTime() > now.getTime(),
  };
}

/**
 * The shopper's answer on the form: INVITED → REQUESTED with their choice, once (a second answer,
 * a double submit or a race with another tab, is refused: the first one stands). The job carries
 * it out (process-refund-requests.ts).
 */
export async function submitVipRefundChoice(db: Db, input: { token: string; choice: string; now: Date }): Promise<VipRefundForm> {
  const form = await findVipRefundForm(db, input.token, input.now);
  if (!form) throw vipRefundError("LINK_NOT_RECOGNISED");
  if (form.status !== "INVITED") throw vipRefundError("ALREADY_ANSWERED");
  if (!form.open) throw vipRefundError("LINK_EXPIRED");
  const choice = VIP_REFUND_CHOICES.find((known) => known === input.choice);
  if (!choice) throw vipRefundError("CHOICE_REQUIRED");
  try {
    await transition(db, VIP_REFUND_PROCESS, {
      id: form.id,
      from: "INVITED",
      to: "REQUESTED",
      actor: { type: "customer", id: String(form.customerId) },
      at: input.now,
      data: { choice },
      set: { choice, requestedAt: input.now },
    });
  } catch (error) {
    if (error instanceof DomainError && error.code === "STATUS_CHANGED_CONCURRENTLY") throw vipRefundError("ALREADY_ANSWERED");
    throw error;
  }
  return { ...form, status: "REQUESTED", choice, open: false };
}
