/** The countdown bar form's fields (browser-safe: the page and its action both name them). */
export const COUNTDOWN_FIELDS = [
  { name: "brand", id: "countdown-brand", label: "Site" },
  { name: "label", id: "countdown-label", label: "Words on the bar", hint: "What ends, such as “Black Friday ends in”: the time left follows them." },
  { name: "link", id: "countdown-link", label: "Link (optional)", hint: "A page of the site, starting with /, such as /deals/london/black-friday." },
  { name: "startsAt", id: "countdown-starts", label: "Shown from (UK and Irish time)" },
  { name: "endsAt", id: "countdown-ends", label: "Counts down to (UK and Irish time)", hint: "The real end of the offer: the bar disappears then." },
] as const;
