/** The promo code form's fields (browser-safe: the page and its action both name them). */
export const PROMO_CODE_FIELDS = [
  { name: "brand", id: "promo-brand", label: "Site" },
  { name: "code", id: "promo-code", label: "Code (letters, digits and dashes)" },
  { name: "kind", id: "promo-kind", label: "Kind" },
  { name: "value", id: "promo-value", label: "Amount off (a percentage, or pounds or euros)" },
  { name: "minimumSpend", id: "promo-minimum", label: "Minimum spend on eligible items (pounds or euros; 0 for none)" },
  { name: "subCategoryId", id: "promo-scope", label: "Only for deals of" },
  { name: "startsAt", id: "promo-starts", label: "Starts (the site's local time)" },
  { name: "endsAt", id: "promo-ends", label: "Ends (the site's local time)" },
  { name: "maxUses", id: "promo-max-uses", label: "Uses in all (blank for no limit)" },
  { name: "maxUsesPerCustomer", id: "promo-max-per-customer", label: "Uses per shopper (blank for no limit)" },
] as const;

export type PromoCodeFieldName = (typeof PROMO_CODE_FIELDS)[number]["name"];
