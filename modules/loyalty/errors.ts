import { errorCatalogue, errorsOf } from "../../lib/errors";
import { exchangeRangeMessage, NOT_ENOUGH_POINTS_MESSAGE, PINK_LEVEL_MESSAGE } from "./levels";

/** What a shopper can be told about the Club (spec §5 texts for the exchange). */
export const LOYALTY_ERRORS = errorCatalogue({
  400: {
    /** Replaced with the maximum (pointsOutOfRange). */
    POINTS_OUT_OF_RANGE: "Please select a number between 1 and {max} to exchange your points.",
    INVALID_REQUEST_ID: "The request id must be 8 to 64 letters, digits, dashes or underscores.",
  },
  403: {
    /** Pink level: only Bronze and above can exchange (spec §4). */
    EXCHANGE_NOT_ALLOWED: PINK_LEVEL_MESSAGE,
  },
  404: {
    DEAL_NOT_FOUND: "Deal not found",
  },
  409: {
    /** The maximum is 0. */
    NOT_ENOUGH_POINTS: NOT_ENOUGH_POINTS_MESSAGE,
  },
});

export type LoyaltyErrorCode = keyof typeof LOYALTY_ERRORS;

export const loyaltyError = errorsOf(LOYALTY_ERRORS);

/** 'Please select a number between 1 and {max} to exchange your points.', with the maximum. */
export function pointsOutOfRange(max: number) {
  return loyaltyError("POINTS_OUT_OF_RANGE", { max }, exchangeRangeMessage(max));
}
