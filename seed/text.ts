import { type Currency, currencySymbol } from "../lib/money";

/** "£19" for whole amounts, "£14.99" otherwise: how prices read inside a headline. */
export function headlinePrice(amountMinor: number, currency: Currency): string {
  const major = Math.floor(amountMinor / 100).toLocaleString("en-GB");
  const minor = amountMinor % 100;
  return `${currencySymbol(currency)}${major}${minor === 0 ? "" : `.${String(minor).padStart(2, "0")}`}`;
}

/** "a" or "an" for the word that follows. */
export function article(word: string): "a" | "an" {
  return /^[aeiou8]/i.test(word) ? "an" : "a";
}

/** "One", "One or Two", "One, Two or Four". */
export function joinOr(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? "";
  return `${words.slice(0, -1).join(", ")} or ${words[words.length - 1]}`;
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

// A cut blurb should not end mid-phrase ("...massage-for-two-at-the").
const DANGLING_WORDS = new Set(["a", "an", "and", "at", "for", "in", "of", "or", "the", "to", "with"]);

/** The readable tail of a deal URL: the headline's slug cut at a word boundary near `max` characters. */
export function blurb(headline: string, max = 60): string {
  const slug = slugify(headline);
  if (slug.length <= max) return slug;
  const words = slug.slice(0, slug.lastIndexOf("-", max) > 0 ? slug.lastIndexOf("-", max) : max).split("-");
  while (words.length > 1 && DANGLING_WORDS.has(words[words.length - 1])) words.pop();
  return words.join("-");
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
