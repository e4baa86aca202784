import { defineProcess } from "../states/transition";
import { type GiftClaimStatus, giftClaims } from "./schema";

/**
 * A gift's life: sent (the recipient has the gift code), then claimed by whoever signs in with the
 * code (they become the voucher's holder). A sent gift may be cancelled, so the voucher can be
 * given again (the open-gift index allows one open gift per voucher); a claimed gift stays claimed.
 */
export const GIFT_CLAIM_PROCESS = defineProcess<GiftClaimStatus>({
  aggregate: "gift_claim",
  table: giftClaims,
  initial: ["SENT"],
  transitions: {
    SENT: ["CLAIMED", "CANCELLED"],
    CLAIMED: [],
    CANCELLED: [],
  },
});
