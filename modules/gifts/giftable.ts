import type { vouchers } from "../vouchers/schema";

type VoucherFacts = Pick<typeof vouchers.$inferSelect, "status" | "availableAt" | "expiresAt" | "physical" | "holderCustomerId">;

/**
 * Whether the buyer can still give a voucher they kept ("Gift it"): unused and available (its code
 * could be shown), not expired, not goods (the parcel goes to the buyer's address) and not already
 * someone else's. The caller also checks it has no open gift and is not in a gift pack.
 */
export function canBeGifted(voucher: VoucherFacts, now: Date): boolean {
  return (
    voucher.status === "READY_TO_REDEEM" &&
    voucher.availableAt.getTime() <= now.getTime() &&
    voucher.expiresAt.getTime() > now.getTime() &&
    !voucher.physical &&
    voucher.holderCustomerId === null
  );
}
