/** The scroller form's fields (browser-safe: the page and its action both name them). */
export const SCROLLER_FIELDS = [
  { name: "pageLocation", id: "scroller-page", label: "Page", hint: "homepage for the home page." },
  { name: "header", id: "scroller-header", label: "Header" },
  { name: "subHeader", id: "scroller-sub-header", label: "Sub-header (optional)" },
  {
    name: "specialSearchTag",
    id: "scroller-tag",
    label: "Special tag (its deals are listed)",
    hint: "As in /deals/london/special/christmas-gifts. Or leave empty and give a category.",
  },
  { name: "category", id: "scroller-category", label: "Category (when there is no special tag)", hint: "As in /deals/london/beauty." },
  { name: "ctaLabel", id: "scroller-cta-label", label: "Link's words (optional)" },
  {
    name: "ctaLink",
    id: "scroller-cta-link",
    label: "Link's address (optional)",
    hint: "Starts with /; {location} becomes the shopper's location. Empty: the scroller's own listing.",
  },
] as const;
