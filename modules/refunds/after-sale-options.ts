import { endOfMarketDaysAfter } from "../../lib/market-time";
import type { VoucherStatus } from "../vouchers/schema";

/** Spec §9: the no-quibble refund runs 14 days, counted from the day after the voucher arrived. */
export const REFUND_WINDOW_DAYS = 14;
/** Spec §4/§9: Deal Protection refunds until 7 days before expiry. */
export const PROTECTION_CUTOFF_DAYS = 7;
/** Spec §9: an expired, unused voucher can still become wallet credit for 14 days. */
export const AUTO_CREDIT_DAYS = 14;
/** Spec §9: protection extends a voucher by up to 3 months in all. */
export const EXTENSION_MAX_MONTHS = 3;
/** Goods can be sent back for 14 days after delivery (Consumer Contracts Regulations). */
export const RETURN_WINDOW_DAYS = 14;

const DAY_MS = 86_400_000;

/** What the options are decided from: a voucher and, for goods, its shipment. */
export interface AfterSaleFacts {
  status: VoucherStatus;
  availableAt: Date;
  expiresAt: Date;
  /** Deal Protection (DVP) was bought with the order. */
  protected: boolean;
  physical: boolean;
  extendedMonths: number;
  /** For goods: when they were delivered (the voucher's redemption). */
  redeemedAt: Date | null;
  /** For goods: the shipment's status, null when nothing is posted. */
  shipmentStatus: "PROCESSING" | "DISPATCHED" | "DELIVERED" | null;
  /** The market's time zone (Europe/London or Europe/Dublin): windows end at its midnight. */
  timeZone: string;
  /** The voucher's open gift and who is asking; absent or null when it was never given (docs/decisions/gifts-after-sale-rights.md). */
  gift?: GiftFacts | null;
}

/** A gift sent (its code not yet claimed) or claimed, seen by its buyer or by its holder (who claimed it). */
export interface GiftFacts {
  status: "SENT" | "CLAIMED";
  viewer: "buyer" | "holder";
}

export type Option = { allowed: true; until: Date } | { allowed: false; reason: string };
export type ExtendOption = { allowed: true; until: Date; maxMonths: number } | { allowed: false; reason: string };

export interface AfterSaleOptions {
  /** Money back, to the card or as wallet credit. */
  refund: Option;
  /** Exchange the voucher for wallet credit (Credit Requested → Request Processed). */
  credit: Option;
  /** Push the expiry date back (a Deal Protection benefit). */
  extend: ExtendOption;
  /** Send delivered goods back. */
  return: Option;
}

/** The spec's status names in the reasons a shopper reads. */
const STATUS_REASON: Partial<Record<VoucherStatus, string>> = {
  REDEEMED: "This voucher has been redeemed.",
  BOOKED: "This voucher has been booked with the merchant; ask the merchant to cancel the booking first.",
  CREDIT_REQUESTED: "You have asked for wallet credit for this voucher.",
  REQUEST_PROCESSED: "This voucher has been exchanged for wallet credit.",
  RETURN_REQUESTED: "A return has been started for this item.",
  RETURN_IN_TRANSIT: "This item is on its way back to the merchant.",
  RETURNED_TO_MERCHANT: "This item is back with the merchant and will be refunded.",
  REFUNDED: "This voucher has been refunded.",
  EXPIRED: "This voucher has expired.",
};

const no = (reason: string): { allowed: false; reason: string } => ({ allowed: false, reason });

/** Why a right is not offered once the voucher has been given (docs/decisions/gifts-after-sale-rights.md). */
const GIFT_REASON = {
  /** The buyer of a gift still waiting to be claimed: taking it back first tells the recipient. */
  sent: "You have sent this voucher as a gift. To do this, take the gift back first (we will tell the recipient).",
  /** The buyer of a claimed gift keeps only the 14-day cancellation. */
  claimedRefund: "Your gift has been claimed: only the 14-day cancellation stays with you, and it has ended.",
  claimedCredit: "Your gift has been claimed, so the voucher is no longer yours to exchange for credit.",
  claimedExtend: "Your gift has been claimed: the person you gave it to can extend it.",
  /** The holder: money goes back only to whoever paid it. */
  holderMoney: "This voucher was a gift: refunds and credit go only to the person who paid for it. It is yours to use until it expires.",
} as const;

function refundOption(facts: AfterSaleFacts, now: Date): Option {
  if (facts.status !== "READY_TO_REDEEM") return no(STATUS_REASON[facts.status] ?? "This voucher cannot be refunded.");
  if (facts.physical && facts.shipmentStatus && facts.shipmentStatus !== "PROCESSING") {
    return no("Your item has been dispatched: once it is delivered you can return it for a refund.");
  }
  const noQuibble = endOfMarketDaysAfter(facts.availableAt, REFUND_WINDOW_DAYS, facts.timeZone);
  const protectedUntil = new Date(facts.expiresAt.getTime() - PROTECTION_CUTOFF_DAYS * DAY_MS);
  // The 14 days are the law's floor and always stand; protection extends them to 7 days before expiry.
  const until = facts.protected && protectedUntil > noQuibble ? protectedUntil : noQuibble;
  if (now < until) return { allowed: true, until };
  if (facts.protected) return no("Refunds are not available in the last 7 days before a voucher expires.");
  return no("The 14-day refund period for this voucher has ended. Deal Protection was not added to this order.");
}

function creditOption(facts: AfterSaleFacts, now: Date): Option {
  if (facts.physical) return no("Goods are returned rather than exchanged for credit.");
  if (facts.status === "READY_TO_REDEEM" && now < facts.expiresAt) return { allowed: true, until: facts.expiresAt };
  const autoCreditUntil = new Date(facts.expiresAt.getTime() + AUTO_CREDIT_DAYS * DAY_MS);
  const expired = facts.status === "EXPIRED" || (facts.status === "READY_TO_REDEEM" && now >= facts.expiresAt);
  if (expired) return now < autoCreditUntil ? { allowed: true, until: autoCreditUntil } : no("The 14 days to exchange this expired voucher for credit have ended.");
  return no(STATUS_REASON[facts.status] ?? "This voucher cannot be exchanged for credit.");
}

function extendOption(facts: AfterSaleFacts, now: Date): ExtendOption {
  if (!facts.protected) return no("Extensions come with Deal Protection, which was not added to this order.");
  if (facts.physical) return no("Goods are posted, so there is nothing to extend.");
  if (facts.status !== "READY_TO_REDEEM" || now >= facts.expiresAt) return no(STATUS_REASON[facts.status === "READY_TO_REDEEM" ? "EXPIRED" : facts.status] ?? "This voucher cannot be extended.");
  const maxMonths = EXTENSION_MAX_MONTHS - facts.extendedMonths;
  if (maxMonths <= 0) return no("This voucher has already been extended by 3 months.");
  return { allowed: true, until: facts.expiresAt, maxMonths };
}

function returnOption(facts: AfterSaleFacts, now: Date): Option {
  if (!facts.physical) return no("Only delivered goods can be returned.");
  if (facts.status !== "REDEEMED" || !facts.redeemedAt) return no(facts.status === "READY_TO_REDEEM" ? "Your item has not been delivered yet." : (STATUS_REASON[facts.status] ?? "This item cannot be returned."));
  const until = endOfMarketDaysAfter(facts.redeemedAt, RETURN_WINDOW_DAYS, facts.timeZone);
  return now < until ? { allowed: true, until } : no("The 14 days to return this item have ended.");
}

/** An option that would be offered, refused instead for `reason`; its own refusal stands as it is. */
const withheld = <O extends Option | ExtendOption>(option: O, reason: string): O | { allowed: false; reason: string } => (option.allowed ? no(reason) : option);

/**
 * A given voucher's rights (docs/decisions/gifts-after-sale-rights.md). The buyer keeps the
 * statutory 14-day cancellation whatever happened to the gift; Deal Protection's longer refund,
 * credit and extension wait while a gift is out (take it back first) and, once it is claimed,
 * lapse for the buyer. The holder gets the extension (no money moves); money goes back only to
 * whoever paid it, so refunds and credit are never the holder's.
 */
function giftedOptions(facts: AfterSaleFacts, gift: GiftFacts, now: Date): AfterSaleOptions {
  if (gift.viewer === "holder") {
    return { refund: no(GIFT_REASON.holderMoney), credit: no(GIFT_REASON.holderMoney), extend: extendOption(facts, now), return: no(GIFT_REASON.holderMoney) };
  }
  const sent = gift.status === "SENT";
  const statutory = refundOption({ ...facts, protected: false }, now);
  return {
    refund: statutory.allowed ? statutory : withheld(refundOption(facts, now), sent ? GIFT_REASON.sent : GIFT_REASON.claimedRefund),
    credit: withheld(creditOption(facts, now), sent ? GIFT_REASON.sent : GIFT_REASON.claimedCredit),
    extend: withheld(extendOption(facts, now), sent ? GIFT_REASON.sent : GIFT_REASON.claimedExtend),
    return: returnOption(facts, now),
  };
}

/**
 * What a shopper may do with a voucher now, each with its deadline or the reason it is not
 * offered (shown on the voucher). The rules are docs/decisions/after-sale-refunds.md; the use
 * cases check the same function under the voucher's row lock, so the page and the action agree.
 */
export function afterSaleOptions(facts: AfterSaleFacts, now: Date): AfterSaleOptions {
  if (facts.gift) return giftedOptions(facts, facts.gift, now);
  return { refund: refundOption(facts, now), credit: creditOption(facts, now), extend: extendOption(facts, now), return: returnOption(facts, now) };
}
