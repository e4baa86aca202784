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

/** Payout terms, chosen from lists (the page draws them as selects). */
export const PAYOUT_BASES = ["redemption", "sale"] as const;
export const PAYOUT_FREQUENCIES = ["weekly", "fortnightly", "monthly"] as const;
export const PAYOUT_LABELS: Record<string, string> = {
  redemption: "On redemption",
  sale: "On sale",
  weekly: "Weekly",
  fortnightly: "Fortnightly",
  monthly: "Monthly",
};
export const PAYOUT_FIELDS = [
  { name: "payoutBasis", id: "merchant-payout-basis", label: "Paid", options: PAYOUT_BASES },
  { name: "payoutFrequency", id: "merchant-payout-frequency", label: "Payout frequency", options: PAYOUT_FREQUENCIES },
] as const;

export const MERCHANT_INVITE_FIELDS = [
  { name: "name", id: "merchant-user-name", label: "Name" },
  { name: "email", id: "merchant-user-email", label: "Email" },
  { name: "role", id: "merchant-user-role-full", label: "May do" },
] as const;

export const MERCHANT_ADDRESS_FIELDS = [
  { name: "addressCountry", id: "merchant-address-country", label: "Country" },
  { name: "addressPostcode", id: "merchant-address-postcode", label: "Postcode or Eircode" },
  { name: "deliveryPoint", id: "merchant-address-choice", label: "Address" },
] as const;

export const MERCHANT_ROLE_LABELS: Record<string, string> = { full: "Everything in the portal", redeem_only: "Redeem vouchers only" };

export const BANK_DETAILS_FIELDS = [
  { name: "accountName", id: "bank-account-name", label: "Name on the account" },
  { name: "sortCode", id: "bank-sort-code", label: "Sort code (6 digits)" },
  { name: "accountNumber", id: "bank-account-number", label: "Account number (8 digits)" },
  { name: "reason", id: "bank-change-reason", label: "Reason for the change (kept in the audit trail)" },
] as const;
