import { BRANDS, type BrandId } from "../../lib/brand";
import { brandSender, layout } from "../mail/layout";
import type { OutgoingMail } from "../mail/outbox";

export type ProposalDecision = "changes_requested" | "rejected" | "approved";

const WORDS: Record<ProposalDecision, { subject: string; line: string }> = {
  changes_requested: {
    subject: "Changes requested on your deal proposal",
    line: "Our deals team has asked for changes before your proposal can go further. Please read their comment, change what is needed and resubmit it.",
  },
  rejected: { subject: "Your deal proposal was not accepted", line: "Our deals team has decided not to go ahead with your proposal this time." },
  approved: { subject: "Your deal proposal was approved", line: "Our deals team has approved your proposal. They are now preparing the deal and will tell you when it goes live." },
};

/** Tells the merchant user who proposed a deal what staff decided, with staff's comment and a link to the proposal in the portal. */
export function proposalDecisionEmail(input: {
  brand: BrandId;
  to: string;
  name: string;
  title: string;
  decision: ProposalDecision;
  comment: string | null;
  url: string;
}): OutgoingMail {
  const brand = BRANDS[input.brand];
  const words = WORDS[input.decision];
  const label = "See your proposal";
  const lines = [`Hi ${input.name},`, `${words.line}`, `Proposal: ${input.title}`, ...(input.comment ? [`Their comment: ${input.comment}`] : [])];
  return {
    from: brandSender(input.brand),
    to: input.to,
    subject: `${words.subject} (${brand.displayName})`,
    text: `${lines.join("\n\n")}\n\n${label}: ${input.url}\n`,
    html: layout(input.brand, lines, { label, url: input.url }),
  };
}
