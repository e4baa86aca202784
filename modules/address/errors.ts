import { errorClassOf, type ErrorCatalog } from "../../lib/errors";

/** What shoppers are told about a postcode lookup (spec: transactions.md, Address texts and field messages). */
export const ADDRESS_ERRORS = {
  INVALID_POSTCODE: { status: 400, message: "Invalid postcode" },
  POSTCODE_NOT_FOUND: { status: 404, message: "The postcode you entered doesn't exist. Please enter your address manually below." },
  // The address service failed, not the shopper: they type the address instead.
  ADDRESS_LOOKUP_FAILED: { status: 503, message: "An error occurred looking up your postcode. Please enter your address manually." },
} as const satisfies ErrorCatalog;

export type AddressErrorCode = keyof typeof ADDRESS_ERRORS;

export class AddressError extends errorClassOf(ADDRESS_ERRORS) {}
