/** The sponsored campaign form's fields (browser-safe: the page and its action both name them). */
export const SPONSORED_FIELDS = [
  { name: "dealId", id: "sponsored-deal", label: "Deal number", hint: "The deal it promotes, by its number in the deals table." },
  { name: "keywords", id: "sponsored-keywords", label: "Search words", hint: "Single words, separated by commas: a search with any of them may show it." },
  { name: "categoryIds", id: "sponsored-categories", label: "Category numbers (optional)", hint: "Searches in these categories may show it." },
  { name: "bid", id: "sponsored-bid", label: "Bid per click", hint: "Paid for each click, such as 0.40." },
  { name: "dailyBudget", id: "sponsored-budget", label: "Daily budget", hint: "It stops showing for the rest of the UK day once this is spent." },
  { name: "startsAt", id: "sponsored-starts", label: "Starts (UK and Irish time)" },
  { name: "endsAt", id: "sponsored-ends", label: "Ends (optional; blank runs until switched off)" },
  { name: "active", id: "sponsored-active", label: "Switched on" },
] as const;
