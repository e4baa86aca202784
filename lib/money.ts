/** Money is always an integer amount of minor units (pence, cent) plus its currency. */
export type Currency = "GBP" | "EUR";

export interface Money {
  amount: number;
  currency: Currency;
}

const SYMBOL: Record<Currency, string> = { GBP: "£", EUR: "€" };

export function currencySymbol(currency: Currency): string {
  return SYMBOL[currency];
}

/** "£12.50", "-€3.00"; zero is shown as "FREE" as the spec requires. */
export function formatMoney(amountMinor: number, currency: Currency): string {
  if (!Number.isInteger(amountMinor)) {
    throw new TypeError(`Money must be integer minor units, got ${amountMinor}`);
  }
  if (amountMinor === 0) return "FREE";
  const sign = amountMinor < 0 ? "-" : "";
  const abs = Math.abs(amountMinor);
  const major = Math.floor(abs / 100).toLocaleString("en-GB");
  const minor = String(abs % 100).padStart(2, "0");
  return `${sign}${SYMBOL[currency]}${major}.${minor}`;
}

/** Balances and statements: nothing is "£0.00", not the shop's "FREE". */
export function formatBalance(amountMinor: number, currency: Currency): string {
  return amountMinor === 0 ? `${SYMBOL[currency]}0.00` : formatMoney(amountMinor, currency);
}

/** Whole-number discount percentage, rounded down so we never over-claim a saving. */
export function discountPercentage(priceMinor: number, originalMinor: number): number {
  if (originalMinor <= 0 || priceMinor >= originalMinor) return 0;
  return Math.floor(((originalMinor - priceMinor) * 100) / originalMinor);
}

/** Parses "12.5" / "12.50" / "12" (major units, as typed by a person) into minor units. */
export function parseMajorUnits(input: string): number | null {
  const match = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(input);
  if (!match) return null;
  const [, whole, fraction = ""] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/**
 * Splits a whole amount of minor units in proportion to the weights, exactly: the parts sum to
 * `total` (largest remainder; ties go to the earlier weight). All weights zero: split evenly.
 */
export function splitProportionally(total: number, weights: readonly number[]): number[] {
  if (!Number.isInteger(total) || total < 0) throw new RangeError(`total must be a non-negative whole number, got ${total}`);
  if (weights.length === 0) return [];
  const positive = weights.map((weight) => Math.max(0, weight));
  const sum = positive.reduce((a, b) => a + b, 0);
  const shares = sum === 0 ? positive.map(() => 1) : positive;
  const shareSum = sum === 0 ? shares.length : sum;
  const exact = shares.map((share) => (total * share) / shareSum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    parts[index] += 1;
    left -= 1;
  }
  return parts;
}
