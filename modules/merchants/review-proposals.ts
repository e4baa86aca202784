import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BrandId, CountryCode } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import type { FileStorage } from "../../lib/file-storage";
import { recordAudit } from "../audit/record-audit";
import { writeDealImages } from "../catalog/deal-images";
import { categories, merchants } from "../catalog/schema";
import { createDeal } from "../deal-pipeline/save-deal";
import { enqueue } from "../mail/outbox";
import { hasPermission } from "../staff/permissions";
import { recordStaffChange } from "../staff/record-staff-change";
import { auditActor, type StaffActor } from "../staff/staff-actor";
import { transition } from "../states/transition";
import { type DealProposal, checkComment } from "./deal-proposals";
import { merchantError } from "./errors";
import { proposalDecisionEmail } from "./proposal-emails";
import { copyPhotosToDeal } from "./proposal-photos";
import { PROPOSAL_MOVES, PROPOSAL_PROCESS, type StaffProposalMove } from "./proposal-process";
import { type ProposalStatus, dealProposalComments, dealProposals, merchantUsers } from "./schema";

export type QueueRow = Pick<DealProposal, "id" | "title" | "status" | "createdAt" | "updatedAt" | "merchantId"> & { merchantName: string };

function requireReviewer(actor: StaffActor) {
  if (!actor.role || !hasPermission(actor.role, "proposals.review")) throw merchantError("PROPOSAL_NOT_YOUR_ROLE", undefined, "Your role may not review deal proposals.");
}

/** The review queue: proposals waiting for review first, then the rest; oldest first within each; optionally one status only. */
export async function proposalQueue(db: Db, filter: { status?: ProposalStatus } = {}): Promise<QueueRow[]> {
  return db
    .select({
      id: dealProposals.id,
      title: dealProposals.title,
      status: dealProposals.status,
      createdAt: dealProposals.createdAt,
      updatedAt: dealProposals.updatedAt,
      merchantId: dealProposals.merchantId,
      merchantName: merchants.displayName,
    })
    .from(dealProposals)
    .innerJoin(merchants, eq(merchants.id, dealProposals.merchantId))
    .where(filter.status ? eq(dealProposals.status, filter.status) : undefined)
    .orderBy(sql`case when ${dealProposals.status} = 'submitted' then 0 else 1 end`, asc(dealProposals.createdAt), asc(dealProposals.id))
    .limit(500);
}

/** A proposal for the back office, with its merchant's name; null when unknown. */
export async function findProposal(db: Db, proposalId: number): Promise<(DealProposal & { merchantName: string }) | null> {
  const [row] = await db
    .select({ proposal: dealProposals, merchantName: merchants.displayName })
    .from(dealProposals)
    .innerJoin(merchants, eq(merchants.id, dealProposals.merchantId))
    .where(eq(dealProposals.id, proposalId));
  return row ? { ...row.proposal, merchantName: row.merchantName } : null;
}

async function lockProposal(tx: Db, proposalId: number): Promise<DealProposal> {
  const [row] = await tx.select().from(dealProposals).where(eq(dealProposals.id, proposalId)).for("update");
  if (!row) throw merchantError("PROPOSAL_NOT_FOUND");
  return row;
}

async function addStaffComment(tx: Db, actor: StaffActor, proposalId: number, body: string, at: Date) {
  await tx.insert(dealProposalComments).values({ proposalId, authorKind: "staff", authorId: actor.staffUserId ?? 0, authorName: actor.name, body, createdAt: at });
}

const auditView = (proposal: DealProposal) => ({ status: proposal.status, dealId: proposal.dealId, title: proposal.title });

/** Staff write to the merchant on a proposal's thread (audited). */
export async function commentOnProposal(db: Db, clock: Clock, actor: StaffActor, proposalId: number, raw: string): Promise<{ ok: true } | { ok: false; message: string }> {
  requireReviewer(actor);
  const checked = checkComment(raw, true);
  if (!checked.ok) return { ok: false, message: "Write your comment before sending it." };
  const now = clock.now();
  await db.transaction(async (tx) => {
    const proposal = await lockProposal(tx, proposalId);
    await addStaffComment(tx, actor, proposalId, checked.body, now);
    await recordStaffChange(tx, clock, actor, {
      action: "deal_proposal.comment",
      entity: { type: "deal_proposal", id: proposalId },
      before: null,
      after: { ...auditView(proposal), comment: checked.body },
    });
  });
  return { ok: true };
}

/** The first sub-category of the market's local deals: where an approved proposal's draft starts until staff choose its real one. */
async function startingSubCategory(tx: Db): Promise<number> {
  const [row] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(isNotNull(categories.parentId), eq(categories.kind, "local")))
    .orderBy(asc(categories.sortOrder), asc(categories.id))
    .limit(1);
  if (!row) throw merchantError("PROPOSAL_MOVE_NOT_ALLOWED", undefined, "There is no local deal category to start the draft in: add one first.");
  return row.id;
}

/** The draft deal an approved proposal becomes: its words, merchant, price points as options (each with the quantity as stock) and closing date from the last date wanted. */
async function draftFromProposal(tx: Db, clock: Clock, actor: StaffActor, proposal: DealProposal, countryCode: CountryCode): Promise<number> {
  const result = await createDeal(tx, clock, actor, {
    headline: proposal.title,
    title: proposal.title,
    description: proposal.description,
    finePrint: "",
    dealType: "local",
    countryCode,
    locationId: null,
    subCategoryId: await startingSubCategory(tx),
    merchantId: proposal.merchantId,
    redemptionType: "standard",
    promoTypeTitle: null,
    vipEarlyAccessUntil: null,
    closingDate: new Date(`${proposal.endWanted}T23:59:00Z`),
    pricePerPerson: false,
    highFraudRisk: false,
    vipDiscountAllowed: false,
    dailyCap: null,
    weeklyCap: null,
    purchaseCap: null,
    depositPrice: null,
    // A proposal is a voucher deal; staff add delivery in the editor when goods are posted.
    delivery: null,
    options: proposal.options.map((option) => ({
      id: null,
      title: option.title,
      price: option.price,
      originalPrice: option.originalPrice,
      vipPrice: null,
      adminFee: 0,
      stock: proposal.quantity,
      purchaseCap: null,
    })),
  });
  if (!result.ok) throw merchantError("PROPOSAL_MOVE_NOT_ALLOWED", undefined, `The draft deal could not be made: ${Object.values(result.fieldErrors).join(" ")}`);
  return result.dealId;
}

export interface StaffMoveRequest {
  proposalId: number;
  move: StaffProposalMove;
  comment: string;
  /** The brand whose portal the merchant is emailed a link to, and the market of the draft deal. */
  brand: BrandId;
  countryCode: CountryCode;
  linkOrigin: string;
}

export type StaffMoveResult = { ok: true; dealId: number | null } | { ok: false; message: string };

/**
 * A deal manager asks for changes (comment required), rejects (reason required) or approves. All in
 * one transaction under the proposal's row lock: the move with its history row, the comment on the
 * thread, the audit row, the merchant's email in the outbox and, for an approval, the draft deal
 * (through the deal editor's create use case) with the photos copied onto it. Approving a proposal
 * already approved answers its deal again and makes no second one.
 */
export async function moveProposal(db: Db, clock: Clock, storage: FileStorage, actor: StaffActor, request: StaffMoveRequest): Promise<StaffMoveResult> {
  requireReviewer(actor);
  const move = PROPOSAL_MOVES[request.move];
  const checked = checkComment(request.comment, move.comment === "required");
  if (!checked.ok) return { ok: false, message: request.move === "reject" ? "Give the merchant the reason for rejecting it." : checked.message };
  const now = clock.now();
  return db.transaction(async (tx): Promise<StaffMoveResult> => {
    const proposal = await lockProposal(tx, request.proposalId);
    if (request.move === "approve" && proposal.status === "approved" && proposal.dealId !== null) return { ok: true, dealId: proposal.dealId };
    if (!(move.from as readonly ProposalStatus[]).includes(proposal.status)) throw merchantError("PROPOSAL_MOVE_NOT_ALLOWED");
    let dealId: number | null = null;
    if (request.move === "approve") {
      dealId = await draftFromProposal(tx, clock, actor, proposal, request.countryCode);
      if (proposal.photos.length > 0) await writeDealImages(tx, dealId, await copyPhotosToDeal(storage, proposal.photos, dealId), now);
    }
    await transition(tx, PROPOSAL_PROCESS, {
      id: proposal.id,
      from: proposal.status,
      to: move.to,
      actor: { type: "staff", id: String(actor.staffUserId) },
      at: now,
      reason: checked.body || undefined,
      data: dealId ? { dealId } : undefined,
      set: { updatedAt: now, ...(dealId ? { dealId } : {}) },
    });
    if (checked.body) await addStaffComment(tx, actor, proposal.id, checked.body, now);
    await recordAudit(
      tx,
      {
        actor: auditActor(actor),
        action: `deal_proposal.${request.move}`,
        entity: { type: "deal_proposal", id: proposal.id },
        before: auditView(proposal),
        after: { ...auditView({ ...proposal, status: move.to, dealId: dealId ?? proposal.dealId }), comment: checked.body || null },
        ip: actor.ip,
        requestId: actor.requestId,
      },
      clock,
    );
    const [author] = await tx.select({ email: merchantUsers.email, name: merchantUsers.name }).from(merchantUsers).where(eq(merchantUsers.id, proposal.submittedBy));
    if (author) {
      const decision = move.to as "changes_requested" | "rejected" | "approved";
      const url = `${request.linkOrigin}/merchant/proposals/${proposal.id}`;
      await enqueue(
        tx,
        proposalDecisionEmail({ brand: request.brand, to: author.email, name: author.name, title: proposal.title, decision, comment: checked.body || null, url }),
        clock,
      );
    }
    return { ok: true, dealId };
  });
}
