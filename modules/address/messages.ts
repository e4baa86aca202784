/** What shoppers are told about a postcode lookup (spec: transactions.md, Address texts and field messages). */
export const ADDRESS_MESSAGES = {
  INVALID_POSTCODE: "Invalid postcode",
  POSTCODE_NOT_FOUND: "The postcode you entered doesn't exist. Please enter your address manually below.",
  LOOKUP_FAILED: "An error occurred looking up your postcode. Please enter your address manually.",
} as const;
