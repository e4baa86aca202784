/** The deal page's state-change form fields (browser-safe: the page and its action both name them). */
export const GO_LIVE_FIELD = { name: "goLiveAt", id: "go-live-at", label: "Goes live at (the deal's local time)" } as const;
export const REASON_FIELD = { name: "reason", id: "move-reason", label: "Reason" } as const;

export const DEAL_COPY_FIELDS = [
  { name: "headline", id: "deal-headline", label: "Headline (tiles and the deal page)" },
  { name: "title", id: "deal-title", label: "Title (under the headline)" },
  { name: "description", id: "deal-description", label: "Description (paragraphs separated by a blank line)" },
  { name: "finePrint", id: "deal-fine-print", label: "Fine print" },
] as const;
