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
