import type { DomainError } from "../../lib/errors";
import type { DealType, RedemptionType } from "../catalog/schema";
import { type RedemptionErrorCode, redemptionError } from "./redemption-errors";
import type { VoucherStatus } from "./schema";

/** What the merchant may do with a voucher at the till. */
export type RedemptionAction = "redeem" | "book";

/** The facts the rules look at: the voucher and how its deal is redeemed. */
export interface RedeemableFacts {
  status: VoucherStatus;
  physical: boolean;
  availableAt: Date;
  expiresAt: Date;
  redeemedAt: Date | null;
  dealType: DealType;
  redemptionType: RedemptionType;
}

/**
 * Booking-calendar-on-redemption and travel deals are booked with the merchant before the stay
 * (spec §4: "Booked (travel documents within 3 working days)"); a standard local deal is not.
 */
export function isBookable(facts: Pick<RedeemableFacts, "dealType" | "redemptionType" | "physical">): boolean {
  return !facts.physical && (facts.dealType === "travel" || facts.redemptionType !== "standard");
}

function formatTime(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone }).format(instant);
}

/** The messages that say when: redeemed, expired, or ready. */
const WITH_TIME: Partial<Record<RedemptionErrorCode, (time: string) => string>> = {
  ALREADY_REDEEMED: (time) => `This voucher was already redeemed on ${time}.`,
  EXPIRED: (time) => `This voucher expired on ${time}, so it can't be redeemed.`,
  NOT_YET_AVAILABLE: (time) => `This voucher isn't ready to redeem yet: it can be redeemed from ${time}.`,
};

function refusal(code: RedemptionErrorCode, when?: { time: Date | null; timeZone: string }): DomainError {
  const withTime = WITH_TIME[code];
  if (!when?.time || !withTime) return redemptionError(code);
  return redemptionError(code, { time: when.time.toISOString() }, withTime(formatTime(when.time, when.timeZone)));
}

/**
 * Why this voucher cannot be redeemed (or booked) now, or null when it can: only Ready to Redeem
 * (or, to redeem, Booked) vouchers, available and not expired; goods are fulfilled by dispatch.
 */
export function redemptionRefusal(facts: RedeemableFacts, action: RedemptionAction, at: Date, timeZone: string): DomainError | null {
  if (facts.physical) return refusal("GOODS_NOT_REDEEMABLE");
  switch (facts.status) {
    case "REDEEMED":
      return refusal("ALREADY_REDEEMED", { time: facts.redeemedAt, timeZone });
    case "REFUNDED":
      return refusal("REFUNDED");
    case "CREDIT_REQUESTED":
    case "REQUEST_PROCESSED":
      return refusal("CREDITED");
    case "EXPIRED":
      return refusal("EXPIRED", { time: facts.expiresAt, timeZone });
    case "RETURN_REQUESTED":
    case "RETURN_IN_TRANSIT":
    case "RETURNED_TO_MERCHANT":
      return refusal("RETURN_IN_PROGRESS");
    case "BOOKED":
      if (action === "book") return refusal("ALREADY_BOOKED");
      break;
    case "READY_TO_REDEEM":
      if (action === "book" && !isBookable(facts)) return refusal("NOT_BOOKABLE");
      break;
  }
  if (facts.expiresAt.getTime() <= at.getTime()) return refusal("EXPIRED", { time: facts.expiresAt, timeZone });
  // A booked stay is redeemed when the guest arrives, whatever the purchase delay said.
  if (facts.status === "READY_TO_REDEEM" && facts.availableAt.getTime() > at.getTime()) return refusal("NOT_YET_AVAILABLE", { time: facts.availableAt, timeZone });
  return null;
}
