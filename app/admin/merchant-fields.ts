/** The merchant page's form fields (browser-safe: the page and its action both name them). */
export const MERCHANT_RECORD_FIELDS = [
  { name: "displayName", id: "merchant-display-name", label: "Display name (shown to shoppers)" },
  { name: "businessName", id: "merchant-business-name", label: "Business name" },
  { name: "vatNumber", id: "merchant-vat", label: "VAT number" },
  { name: "website", id: "merchant-website", label: "Website" },
  { name: "contactEmail", id: "merchant-email", label: "Contact email (shown on vouchers)" },
  { name: "contactPhone", id: "merchant-phone", label: "Contact phone (shown on vouchers)" },
  { name: "commission", id: "merchant-commission", label: "Commission (%)" },
] as const;

export const MERCHANT_INVITE_FIELDS = [
  { name: "name", id: "merchant-user-name", label: "Name" },
  { name: "email", id: "merchant-user-email", label: "Email" },
] as const;
