import type { DealStatus } from "../../modules/catalog/schema";

/** A deal's pipeline states as staff read them (the table, the filter, the deal page). */
export const DEAL_STATUS_LABELS: Record<DealStatus, string> = {
  draft: "Draft",
  in_review: "In review",
  approved: "Approved",
  scheduled: "Scheduled",
  live: "Live",
  paused: "Paused",
  closed: "Closed",
};
