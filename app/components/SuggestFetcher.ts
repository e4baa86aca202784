import { useEffect, useState } from "react";

export interface SuggestionItem {
  type: "category" | "location" | "deal";
  text: string;
  count?: number;
  dealId?: number;
}

/** Waits for a pause in typing before asking the server (spec: suggestions are debounced). */
export const SUGGEST_DEBOUNCE_MS = 150;

/**
 * Suggestions for what is typed, fetched from /v1/suggest after a short pause; an answer that
 * arrives after the text changed again is dropped. Empty while closed or blank.
 */
export function useSuggestions(typed: string, enabled: boolean): SuggestionItem[] {
  const [items, setItems] = useState<SuggestionItem[]>([]);
  const query = typed.trim();

  useEffect(() => {
    if (!enabled || query === "") {
      setItems([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/v1/suggest?q=${encodeURIComponent(query)}`, { signal: controller.signal });
        if (!response.ok) return setItems([]);
        const body = (await response.json()) as { suggestions: SuggestionItem[] };
        setItems(body.suggestions);
      } catch {
        // Aborted because the shopper typed on, or offline: keep quiet, the form still works.
      }
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, enabled]);

  return items;
}
