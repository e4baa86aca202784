import { type Currency, formatMoney } from "../../lib/money";

/** Spec §9: marketing credit pays at most 10% of an eligible item, and at most 5 (pounds or euro) each. */
export const MARKETING_CREDIT_SHARE_PERCENT = 10;
export const MARKETING_CREDIT_MAX_PER_ITEM = 500;

/** The limit in words, for every page that gives or shows marketing credit: "pays up to 10% of each deal item, at most £5.00 an item". */
export function marketingCreditLimitText(currency: Currency): string {
  return `pays up to ${MARKETING_CREDIT_SHARE_PERCENT}% of each deal item, at most ${formatMoney(MARKETING_CREDIT_MAX_PER_ITEM, currency)} an item`;
}

export interface WalletBalance {
  refundable: number;
  marketing: number;
}

/**
 * How much wallet credit pays for an order: marketing credit first (it is the kind that comes with
 * limits), up to 10% and 5.00 per eligible unit, then refundable credit for what is left.
 */
export function planWalletUse(input: {
  balance: WalletBalance;
  /** Deal items marketing credit may pay towards: unit price and quantity. */
  eligibleItems: readonly { unitPrice: number; quantity: number }[];
  /** What the order costs before wallet credit. */
  payable: number;
}): WalletBalance {
  const marketingLimit = input.eligibleItems.reduce(
    (sum, item) => sum + Math.min(Math.floor((item.unitPrice * MARKETING_CREDIT_SHARE_PERCENT) / 100), MARKETING_CREDIT_MAX_PER_ITEM) * item.quantity,
    0,
  );
  const marketing = Math.max(0, Math.min(input.balance.marketing, marketingLimit, input.payable));
  const refundable = Math.max(0, Math.min(input.balance.refundable, input.payable - marketing));
  return { refundable, marketing };
}
