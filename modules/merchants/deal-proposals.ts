import { and, asc, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { recordInitialStatus, transition } from "../states/transition";
import { merchantError } from "./errors";
import type { ProposalInput } from "./proposal-form";
import { PROPOSAL_MOVES, PROPOSAL_PROCESS } from "./proposal-process";
import { type ProposedPhoto, type MerchantUserRole, dealProposalComments, dealProposals } from "./schema";

/** The merchant user acting on the portal. */
export interface ProposingMerchant {
  userId: number;
  merchantId: number;
  name: string;
  role: MerchantUserRole;
}

export type DealProposal = typeof dealProposals.$inferSelect;
export type ProposalComment = typeof dealProposalComments.$inferSelect;

export const MAX_COMMENT_LENGTH = 4000;

const merchantActor = (merchant: ProposingMerchant) => ({ type: "merchant" as const, id: String(merchant.merchantId) });

/** Redeem-only people work the till; only full users propose deals or answer about them. */
function requireProposer(merchant: ProposingMerchant) {
  if (merchant.role !== "full") throw merchantError("PROPOSAL_NOT_YOUR_ROLE");
}

/** A merchant proposes a deal: written as submitted, with its first history row. */
export async function proposeDeal(db: Db, clock: Clock, merchant: ProposingMerchant, input: ProposalInput, photos: ProposedPhoto[]): Promise<{ proposalId: number }> {
  requireProposer(merchant);
  const now = clock.now();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(dealProposals)
      .values({ ...input, merchantId: merchant.merchantId, submittedBy: merchant.userId, photos, status: "submitted", createdAt: now, updatedAt: now })
      .returning({ id: dealProposals.id });
    await recordInitialStatus(tx, PROPOSAL_PROCESS, [{ id: row.id, status: "submitted" }], { actor: merchantActor(merchant), at: now, data: { merchantUserId: merchant.userId } });
    return { proposalId: row.id };
  });
}

/** The merchant's own proposals, newest first. */
export async function listOwnProposals(db: Db, merchantId: number): Promise<DealProposal[]> {
  return db.select().from(dealProposals).where(eq(dealProposals.merchantId, merchantId)).orderBy(desc(dealProposals.createdAt), desc(dealProposals.id));
}

/** A proposal's thread, oldest first. */
export async function proposalComments(db: Db, proposalId: number): Promise<ProposalComment[]> {
  return db.select().from(dealProposalComments).where(eq(dealProposalComments.proposalId, proposalId)).orderBy(asc(dealProposalComments.createdAt), asc(dealProposalComments.id));
}

/** One of the merchant's own proposals; another merchant's reads as not found. */
export async function readOwnProposal(db: Db, merchantId: number, proposalId: number, lock = false): Promise<DealProposal> {
  const query = db
    .select()
    .from(dealProposals)
    .where(and(eq(dealProposals.id, proposalId), eq(dealProposals.merchantId, merchantId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw merchantError("PROPOSAL_NOT_FOUND");
  return row;
}

export type CommentCheck = { ok: true; body: string } | { ok: false; message: string };

/** A comment's words: trimmed, required when `required`, not too long. */
export function checkComment(raw: string, required: boolean): CommentCheck {
  const body = raw.trim();
  if (required && !body) return { ok: false, message: "Write a comment: the merchant needs to know why." };
  if (body.length > MAX_COMMENT_LENGTH) return { ok: false, message: `Keep the comment under ${MAX_COMMENT_LENGTH.toLocaleString("en-GB")} characters.` };
  return { ok: true, body };
}

/**
 * The merchant's side of the thread: a reply, optionally with a move (resubmit after changes were
 * asked for, or withdraw), in one transaction under the proposal's row lock.
 */
export async function answerProposal(
  db: Db,
  clock: Clock,
  merchant: ProposingMerchant,
  proposalId: number,
  answer: { comment: string; move?: "resubmit" | "withdraw" },
): Promise<{ ok: true } | { ok: false; message: string }> {
  requireProposer(merchant);
  const checked = checkComment(answer.comment, !answer.move);
  if (!checked.ok) return { ok: false, message: answer.move ? checked.message : "Write your reply before sending it." };
  const now = clock.now();
  await db.transaction(async (tx) => {
    const proposal = await readOwnProposal(tx, merchant.merchantId, proposalId, true);
    if (answer.move) {
      const move = PROPOSAL_MOVES[answer.move];
      if (!(move.from as readonly string[]).includes(proposal.status)) throw merchantError("PROPOSAL_MOVE_NOT_ALLOWED");
      await transition(tx, PROPOSAL_PROCESS, {
        id: proposalId,
        from: proposal.status,
        to: move.to,
        actor: merchantActor(merchant),
        at: now,
        reason: checked.body || undefined,
        data: { merchantUserId: merchant.userId },
        set: { updatedAt: now },
      });
    } else if (proposal.status === "approved" || proposal.status === "rejected" || proposal.status === "withdrawn") {
      throw merchantError("PROPOSAL_MOVE_NOT_ALLOWED");
    }
    if (checked.body) {
      await tx
        .insert(dealProposalComments)
        .values({ proposalId, authorKind: "merchant", authorId: merchant.userId, authorName: merchant.name, body: checked.body, createdAt: now });
      if (!answer.move) await tx.update(dealProposals).set({ updatedAt: now }).where(eq(dealProposals.id, proposalId));
    }
  });
  return { ok: true };
}
