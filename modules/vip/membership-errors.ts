import { errorCatalogue, errorClassOf } from "../../lib/errors";

/**
 * What a shopper is told when a VIP membership change cannot be made (the spec gives no texts for
 * these: ours, docs/decisions/vip-lifecycle.md). Kept apart from the VIP hub's errors.
 */
export const VIP_MEMBERSHIP_ERRORS = errorCatalogue({
  400: {
    CARD_REQUIRED: "Please choose a saved card for your VIP membership.",
    SUBSCRIPTION_NOT_ALLOWED: "This card can't be used for a subscription. Please choose another saved card.",
    UNKNOWN_VIP_STATUS: "Please choose a VIP status to change to.",
  },
  409: {
    ALREADY_VIP: "You're already a VIP member.",
    TRIAL_NOT_AVAILABLE: "The free VIP trial is for shoppers who have not been VIP members before.",
    NOT_A_MEMBER: "You don't have a VIP membership to change.",
    NOTHING_TO_RENEW: "Your VIP membership has no end date, so there is nothing to renew.",
    NOTHING_TO_PAY: "Your VIP membership has nothing to pay.",
    MEMBERSHIP_ENDED: "Your VIP membership has ended. You can join again by adding VIP at checkout.",
  },
});

export type VipMembershipErrorCode = keyof typeof VIP_MEMBERSHIP_ERRORS;

export class VipMembershipError extends errorClassOf(VIP_MEMBERSHIP_ERRORS) {}
