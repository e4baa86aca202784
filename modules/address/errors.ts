import { errorCatalogue, errorClassOf } from "../../lib/errors";

/** What shoppers are told about a postcode lookup (spec: transactions.md, Address texts and field messages). */
export const ADDRESS_ERRORS = errorCatalogue({
  400: {
    INVALID_POSTCODE: "Invalid postcode",
  },
  404: {
    POSTCODE_NOT_FOUND: "The postcode you entered doesn't exist. Please enter your address manually below.",
  },
  503: {
    // The address service failed, not the shopper: they type the address instead.
    ADDRESS_LOOKUP_FAILED: "An error occurred looking up your postcode. Please enter your address manually.",
  },
});

export type AddressErrorCode = keyof typeof ADDRESS_ERRORS;

export class AddressError extends errorClassOf(ADDRESS_ERRORS) {}
