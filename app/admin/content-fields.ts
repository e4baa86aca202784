/** The content page form's fields (browser-safe: the page and its action both name them). */
export const CONTENT_PAGE_FIELDS = [
  { name: "displayName", id: "content-name", label: "Name (the page's heading)" },
  { name: "description", id: "content-description", label: "Description (search engines and link previews)", rows: 2 },
  {
    name: "text",
    id: "content-text",
    label: "Text",
    rows: 16,
    hint: "Plain text: a blank line between paragraphs, ## at the start of a line for a heading, - for a list item. {brand} becomes the site's name.",
  },
  { name: "additionalText", id: "content-additional", label: "Small print under the text (optional)", rows: 3 },
] as const;

export type ContentPageFieldName = (typeof CONTENT_PAGE_FIELDS)[number]["name"];
