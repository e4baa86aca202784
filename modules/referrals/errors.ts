import { errorCatalogue, errorsOf } from "../../lib/errors";

/**
 * What a shopper can be told about refer a friend (the spec has no texts of its own here; spec §6
 * "Existing customers cannot be referred but can refer" is the rule behind EXISTING_CUSTOMER).
 */
export const REFERRAL_ERRORS = errorCatalogue({
  404: {
    /** Unknown codes, codes of another brand and codes of closed accounts look the same: a guesser learns nothing. */
    CODE_NOT_RECOGNIZED: "This invitation link isn't recognised. Please check it with the friend who sent it.",
  },
  409: {
    EXISTING_CUSTOMER: "Existing customers cannot be referred, but you can refer your friends.",
    SELF_REFERRAL: "You can't use your own invitation link. Share it with your friends instead.",
    ALREADY_REFERRED: "Your account has already been referred by a friend.",
  },
});

export type ReferralErrorCode = keyof typeof REFERRAL_ERRORS;

export const referralError = errorsOf(REFERRAL_ERRORS);
