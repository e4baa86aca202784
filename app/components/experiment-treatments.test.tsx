import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EXPERIMENT_NAMES, EXPERIMENTS, type ExperimentName } from "../../modules/experiments/assign";
import type { SuggestionItem } from "./SuggestFetcher";
import { arrangeSuggestions, SuggestList } from "./SuggestList";

/**
 * What a visitor sees in each variant of each experiment the shop assigns and logs. The mapped type
 * makes a new experiment without a treatment fail the type check; the test below fails a treatment
 * that changes nothing (a readout would compare identical groups; docs/decisions/app-shell-ab-tests.md).
 */
const TREATMENTS: { [T in ExperimentName]: (variant: (typeof EXPERIMENTS)[T]["variants"][number]) => string } = {
  autocomplete: (variant) => {
    const items: SuggestionItem[] = [
      { type: "deal", text: "London spa day", count: 1 },
      { type: "location", text: "London", count: 120 },
      { type: "category", text: "London restaurants", count: 40 },
    ];
    return renderToStaticMarkup(<SuggestList id="s" variant={variant} expanded items={arrangeSuggestions(items, variant)} active={-1} typed="lon" onPick={() => {}} />);
  },
};

describe("experiment treatments", () => {
  it("has a treatment for every experiment assigned", () => {
    expect(Object.keys(TREATMENTS).sort()).toEqual([...EXPERIMENT_NAMES].sort());
  });

  it.each(EXPERIMENT_NAMES)("%s: every variant other than the default changes what the visitor sees", (test) => {
    const { variants, defaultVariant } = EXPERIMENTS[test];
    const shown = TREATMENTS[test] as (variant: string) => string;
    const seen = variants.map((variant) => shown(variant));
    // Each variant differs from the default and from each other.
    expect(new Set(seen).size).toBe(variants.length);
    expect(variants).toContain(defaultVariant);
  });
});
