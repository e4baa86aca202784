import { errorClassOf, type ErrorCatalog } from "../../lib/errors";

/**
 * What a shopper is told when a VIP membership change cannot be made (the spec gives no texts for
 * these: ours, docs/decisions/vip-lifecycle.md). Kept apart from the VIP hub's errors.
 */
export const VIP_MEMBERSHIP_ERRORS = {
  ALREADY_VIP: { status: 409, message: "You're already a VIP member." },
  TRIAL_NOT_AVAILABLE: { status: 409, message: "The free VIP trial is for shoppers who have not been VIP members before." },
  CARD_REQUIRED: { status: 400, message: "Please choose a saved card for your VIP membership." },
  SUBSCRIPTION_NOT_ALLOWED: { status: 400, message: "This card can't be used for a subscription. Please choose another saved card." },
  NOT_A_MEMBER: { status: 409, message: "You don't have a VIP membership to change." },
  NOTHING_TO_RENEW: { status: 409, message: "Your VIP membership has no end date, so there is nothing to renew." },
  NOTHING_TO_PAY: { status: 409, message: "Your VIP membership has nothing to pay." },
  MEMBERSHIP_ENDED: { status: 409, message: "Your VIP membership has ended. You can join again by adding VIP at checkout." },
  UNKNOWN_VIP_STATUS: { status: 400, message: "Please choose a VIP status to change to." },
} as const satisfies ErrorCatalog;

export type VipMembershipErrorCode = keyof typeof VIP_MEMBERSHIP_ERRORS;

export class VipMembershipError extends errorClassOf(VIP_MEMBERSHIP_ERRORS) {}
