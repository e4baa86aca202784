/** The travel calendar's "Change nights" fields (browser-safe: the page and its action both name them). */
export const TRAVEL_NIGHTS_FIELDS = [
  { name: "from", id: "nights-from", label: "First night" },
  { name: "to", id: "nights-to", label: "Last night" },
  { name: "price", id: "nights-price", label: "Price", hint: "As the option is priced (see above), such as 89.00." },
  { name: "vipPrice", id: "nights-vip-price", label: "VIP price (optional)" },
  { name: "rooms", id: "nights-rooms", label: "Rooms on sale each night", hint: "Never fewer than a night has sold: those are kept." },
  { name: "onSale", id: "nights-on-sale", label: "On sale" },
] as const;
