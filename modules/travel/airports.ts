import { ANY_LONDON, LONDON_AIRPORTS } from "./stay-rules";
import { travelError } from "./errors";

/**
 * The airports a departure choice stands for: 'Any London' is the London group (spec §9), a code
 * is itself, nothing is every airport (null). Codes are three letters, any case. Throws
 * INVALID_AIRPORT for anything else.
 */
export function departureAirports(choice: string | undefined): readonly string[] | null {
  if (choice === undefined || choice.trim() === "") return null;
  const value = choice.trim();
  if (value.toLowerCase() === ANY_LONDON.toLowerCase()) return LONDON_AIRPORTS;
  if (/^[A-Za-z]{3}$/.test(value)) return [value.toUpperCase()];
  throw travelError("INVALID_AIRPORT");
}
