import type { Permission } from "../staff/permissions";
import { defineProcess } from "../states/transition";
import { type ProposalStatus, dealProposals } from "./schema";

/**
 * A merchant's deal proposal on its way to a draft deal (docs/decisions/merchant-deal-proposals.md):
 * submitted by the merchant, sent back with a comment, resubmitted, and finally approved (it
 * becomes a draft deal), rejected with a reason, or withdrawn by the merchant.
 */
export const PROPOSAL_PROCESS = defineProcess<ProposalStatus>({
  aggregate: "deal_proposal",
  table: dealProposals,
  initial: ["submitted"],
  transitions: {
    submitted: ["changes_requested", "approved", "rejected", "withdrawn"],
    changes_requested: ["submitted", "rejected", "withdrawn"],
    approved: [],
    rejected: [],
    withdrawn: [],
  },
});

/** Who may make each move: the merchant's own moves, and staff's (with the permission they need and whether a comment is required). */
export const PROPOSAL_MOVES = {
  resubmit: { by: "merchant", from: ["changes_requested"], to: "submitted" },
  withdraw: { by: "merchant", from: ["submitted", "changes_requested"], to: "withdrawn" },
  "request-changes": { by: "staff", permission: "proposals.review", from: ["submitted"], to: "changes_requested", comment: "required", label: "Ask for changes" },
  reject: { by: "staff", permission: "proposals.review", from: ["submitted", "changes_requested"], to: "rejected", comment: "required", label: "Reject" },
  approve: { by: "staff", permission: "proposals.review", from: ["submitted"], to: "approved", comment: "optional", label: "Approve and create a draft deal" },
} as const satisfies Record<
  string,
  { by: "merchant" | "staff"; from: readonly ProposalStatus[]; to: ProposalStatus; permission?: Permission; comment?: "required" | "optional"; label?: string }
>;

export type ProposalMove = keyof typeof PROPOSAL_MOVES;
export type StaffProposalMove = "request-changes" | "reject" | "approve";

/** The words shown for each status, on the portal and in the back office. */
export const PROPOSAL_STATUS_LABELS: Record<ProposalStatus, string> = {
  submitted: "Waiting for review",
  changes_requested: "Changes requested",
  approved: "Approved",
  rejected: "Rejected",
  withdrawn: "Withdrawn",
};

/** The moves open from a status for one side. */
export function movesFrom(status: ProposalStatus, by: "merchant" | "staff"): ProposalMove[] {
  return (Object.keys(PROPOSAL_MOVES) as ProposalMove[]).filter(
    (move) => PROPOSAL_MOVES[move].by === by && (PROPOSAL_MOVES[move].from as readonly ProposalStatus[]).includes(status),
  );
}
