import { defineProcess } from "../states/transition";
import { type ReferralStatus, referrals } from "./schema";

/**
 * A referral's life (docs/decisions/refer-a-friend.md):
 * - SIGNED_UP: a new customer registered through a friend's link (the only way a referral starts).
 * - SIGNED_UP → QUALIFYING at their first paid order with a deal voucher: the reward waits out the
 *   order's 14-day refund window (`qualifies_at`).
 * - SIGNED_UP → VOID when that first order shows a duplicate account (it goes to an address the
 *   referrer has used).
 * - QUALIFYING → REWARDED when the window has passed without a refund: 10 (pound or euro) of wallet
 *   credit for the referrer, in the same transaction (the reward job).
 * - QUALIFYING → VOID when the first order was refunded (or exchanged for credit), or the referrer's
 *   account was closed meanwhile.
 * REWARDED and VOID are final: one reward per referred customer, ever.
 */
export const REFERRAL_PROCESS = defineProcess<ReferralStatus>({
  aggregate: "referral",
  table: referrals,
  initial: ["SIGNED_UP"],
  transitions: {
    SIGNED_UP: ["QUALIFYING", "VOID"],
    QUALIFYING: ["REWARDED", "VOID"],
    REWARDED: [],
    VOID: [],
  },
});
