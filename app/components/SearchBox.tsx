import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { Form, useLocation, useNavigate, useSearchParams } from "react-router";
import { type AutocompleteVariant, SuggestList, arrangeSuggestions, readAutocompleteVariant } from "./SuggestList";
import { type SuggestionItem, useSuggestions } from "./SuggestFetcher";

/**
 * The site's search box: a plain GET form to /search (works without JavaScript) that, once
 * hydrated, becomes an ARIA combobox offering suggestions as the shopper types. Arrow keys move
 * through the list (aria-activedescendant), Enter picks, Escape closes.
 */
export function SearchBox() {
  const id = useId();
  const inputId = `${id}-q`;
  const listId = `${id}-suggestions`;
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const currentQuery = pathname === "/search" ? (params.get("q") ?? "") : "";
  const [value, setValue] = useState(currentQuery);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [variant, setVariant] = useState<AutocompleteVariant>("a");
  const fetched = useSuggestions(value, open);
  const suggestions = useMemo(() => arrangeSuggestions(fetched, variant), [fetched, variant]);
  const blurTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // A new search page (a picked suggestion, a facet, the back button) shows its own query.
  useEffect(() => setValue(currentQuery), [currentQuery]);
  useEffect(() => setVariant(readAutocompleteVariant(document.cookie)), []);
  useEffect(() => setActive(-1), [suggestions]);

  const expanded = open && suggestions.length > 0;

  function pick(item: SuggestionItem) {
    setValue(item.text);
    setOpen(false);
    const next = new URLSearchParams({ q: item.text });
    const location = params.get("location");
    if (location) next.set("location", location);
    navigate(`/search?${next.toString()}`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!expanded) {
        setOpen(true);
        return;
      }
      const last = suggestions.length - 1;
      setActive((current) => (event.key === "ArrowDown" ? (current >= last ? 0 : current + 1) : current <= 0 ? last : current - 1));
    } else if (event.key === "Enter" && expanded && active >= 0) {
      event.preventDefault();
      pick(suggestions[active]);
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault();
      setOpen(false);
    }
  }

  return (
    <Form method="get" action="/search" role="search" aria-label="Deals" className="relative flex w-full max-w-xl">
      <label htmlFor={inputId} className="sr-only">
        Search deals
      </label>
      <input
        id={inputId}
        name="q"
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-controls={listId}
        aria-expanded={expanded}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        enterKeyHint="search"
        placeholder="Search deals, places, categories"
        maxLength={200}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        // Closing on blur waits a moment so a click on a suggestion lands first.
        onBlur={() => {
          blurTimer.current = setTimeout(() => setOpen(false), 150);
        }}
        className="w-full rounded-l-md border-0 bg-white px-3 py-2 text-base text-brand-ink"
      />
      {params.get("location") && pathname === "/search" && <input type="hidden" name="location" value={params.get("location") ?? ""} />}
      <button type="submit" className="rounded-r-md bg-brand-dark px-4 py-2 font-bold text-white hover:bg-brand-ink">
        Search
      </button>
      <SuggestList
        id={listId}
        variant={variant}
        expanded={expanded}
        items={suggestions}
        active={active}
        typed={value}
        onPick={(item) => {
          clearTimeout(blurTimer.current);
          pick(item);
        }}
      />
      <p className="sr-only" aria-live="polite">
        {expanded ? `${suggestions.length} suggestions, use the up and down arrows to choose` : ""}
      </p>
    </Form>
  );
}
