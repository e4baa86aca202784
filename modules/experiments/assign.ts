/**
 * A/B assignment from cookies (spec discovery §6 and §2; cookie lifetime 365 days, transactions §9).
 * Pure: the caller reads the request's cookies, passes a random source, and sets the cookies returned.
 *
 * - passwordless-checkout and booking-calendar-gift: variant 'b' when the cookie says 'b', else 'a'.
 *   The cookie is set by the campaign tooling; the site never assigns these itself.
 * - autocomplete: 'a', 'b' or 'c' from the cookie; 'a' by default.
 * - ie-variant (Irish brands only): AA, BA or BB, drawn at random on the first visit and kept.
 */
import type { CountryCode } from "../../lib/brand";

export const AB_COOKIE_DAYS = 365;
export const AB_COOKIE_MAX_AGE_SECONDS = AB_COOKIE_DAYS * 24 * 60 * 60;

export const EXPERIMENTS = {
  "passwordless-checkout": { cookie: "ab_passwordless_checkout", variants: ["a", "b"], defaultVariant: "a", random: false, market: null },
  "booking-calendar-gift": { cookie: "ab_booking_calendar_gift", variants: ["a", "b"], defaultVariant: "a", random: false, market: null },
  autocomplete: { cookie: "ab_autocomplete", variants: ["a", "b", "c"], defaultVariant: "a", random: false, market: null },
  "ie-variant": { cookie: "ab_ie", variants: ["AA", "BA", "BB"], defaultVariant: "AA", random: true, market: "IE" },
} as const satisfies Record<string, { cookie: string; variants: readonly string[]; defaultVariant: string; random: boolean; market: CountryCode | null }>;

export type ExperimentName = keyof typeof EXPERIMENTS;
export const EXPERIMENT_NAMES = Object.keys(EXPERIMENTS) as ExperimentName[];

export function isExperimentName(value: unknown): value is ExperimentName {
  return typeof value === "string" && Object.hasOwn(EXPERIMENTS, value);
}

/** Whether a test runs in a market (the Irish variant only on the Irish brands). */
export function runsIn(test: ExperimentName, countryCode: CountryCode): boolean {
  const market = EXPERIMENTS[test].market;
  return market === null || market === countryCode;
}

export interface Assignment {
  test: ExperimentName;
  variant: string;
}

export interface AssignmentResult {
  assignments: Assignment[];
  /** Cookies to set (name → value), each for AB_COOKIE_MAX_AGE_SECONDS. */
  cookiesToSet: Record<string, string>;
}

/**
 * The visitor's variant of each of `tests` that runs in the market. `random` returns a number in
 * [0, 1) (Math.random in production, fixed in tests).
 */
export function assignVariants(
  tests: readonly ExperimentName[],
  input: { countryCode: CountryCode; cookie: (name: string) => string | undefined; random?: () => number },
): AssignmentResult {
  const random = input.random ?? Math.random;
  const assignments: Assignment[] = [];
  const cookiesToSet: Record<string, string> = {};
  for (const test of new Set(tests)) {
    if (!runsIn(test, input.countryCode)) continue;
    const experiment = EXPERIMENTS[test];
    const stored = input.cookie(experiment.cookie);
    const variants: readonly string[] = experiment.variants;
    if (stored !== undefined && variants.includes(stored)) {
      assignments.push({ test, variant: stored });
    } else if (experiment.random) {
      const variant = variants[Math.min(variants.length - 1, Math.floor(random() * variants.length))];
      cookiesToSet[experiment.cookie] = variant;
      assignments.push({ test, variant });
    } else {
      assignments.push({ test, variant: experiment.defaultVariant });
    }
  }
  return { assignments, cookiesToSet };
}
