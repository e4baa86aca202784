import type { FileStorage } from "../../lib/file-storage";
import type { Db } from "../../db/client";
import { type DealProposal, proposalComments } from "../../modules/merchants/deal-proposals";
import { proposalPhotoPreview } from "../../modules/merchants/proposal-photos";
import { PROPOSAL_STATUS_LABELS } from "../../modules/merchants/proposal-process";
import type { ProposalView } from "../components/ProposalDetails";

/** What a proposal page shows of a proposal (photos inlined, times in the market's words). */
export async function proposalView(db: Db, storage: FileStorage, proposal: DealProposal, formatTime: (at: Date) => string): Promise<ProposalView> {
  return {
    id: proposal.id,
    title: proposal.title,
    description: proposal.description,
    statusLabel: PROPOSAL_STATUS_LABELS[proposal.status],
    options: proposal.options,
    quantity: proposal.quantity,
    startWanted: proposal.startWanted,
    endWanted: proposal.endWanted,
    photos: await Promise.all(proposal.photos.map(async (photo) => ({ src: await proposalPhotoPreview(storage, photo), alt: photo.alt }))),
    comments: (await proposalComments(db, proposal.id)).map((comment) => ({
      id: comment.id,
      authorKind: comment.authorKind,
      authorName: comment.authorName,
      body: comment.body,
      at: formatTime(comment.createdAt),
    })),
  };
}
