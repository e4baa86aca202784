/**
 * A/B assignment from cookies (spec discovery §6; cookie lifetime 365 days, transactions §9).
 * Pure: the caller reads the request's cookies.
 *
 * Only experiments whose variants change what a visitor sees are listed: a variant that changes
 * nothing would be logged against an identical group (docs/decisions/app-shell-ab-tests.md).
 * - autocomplete: 'a', 'b' or 'c' from the cookie ('a' by default); the header search's suggestion
 *   list differs per variant (app/components/SuggestList.tsx).
 */

export const AB_COOKIE_DAYS = 365;
export const AB_COOKIE_MAX_AGE_SECONDS = AB_COOKIE_DAYS * 24 * 60 * 60;

export const EXPERIMENTS = {
  autocomplete: { cookie: "ab_autocomplete", variants: ["a", "b", "c"], defaultVariant: "a" },
} as const satisfies Record<string, { cookie: string; variants: readonly string[]; defaultVariant: string }>;

export type ExperimentName = keyof typeof EXPERIMENTS;
export const EXPERIMENT_NAMES = Object.keys(EXPERIMENTS) as ExperimentName[];

export interface Assignment {
  test: ExperimentName;
  variant: string;
}

/** The visitor's variant of each of `tests`: the cookie's when it names a variant, else the default. */
export function assignVariants(tests: readonly ExperimentName[], input: { cookie: (name: string) => string | undefined }): Assignment[] {
  return [...new Set(tests)].map((test) => {
    const experiment = EXPERIMENTS[test];
    const stored = input.cookie(experiment.cookie);
    const variants: readonly string[] = experiment.variants;
    return { test, variant: stored !== undefined && variants.includes(stored) ? stored : experiment.defaultVariant };
  });
}
