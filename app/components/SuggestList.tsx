import type { SuggestionItem } from "./SuggestFetcher";

/** Spec discovery §6: the autocomplete A/B test has variants a, b and c; a is the default. */
export type AutocompleteVariant = "a" | "b" | "c";
export const AUTOCOMPLETE_COOKIE = "ab_autocomplete";

export function readAutocompleteVariant(cookieHeader: string): AutocompleteVariant {
  const match = new RegExp(`(?:^|;\\s*)${AUTOCOMPLETE_COOKIE}=([^;]*)`).exec(cookieHeader);
  const value = match?.[1];
  return value === "b" || value === "c" ? value : "a";
}

const GROUP_LABELS: Record<SuggestionItem["type"], string> = { category: "Categories", location: "Places", deal: "Deals" };
const GROUP_ORDER: SuggestionItem["type"][] = ["category", "location", "deal"];
const KIND_LABELS: Record<SuggestionItem["type"], string> = { category: "Category", location: "Place", deal: "Deal" };

/** The order suggestions are shown (and arrowed through) in: variant b groups them by kind. */
export function arrangeSuggestions(items: readonly SuggestionItem[], variant: AutocompleteVariant): SuggestionItem[] {
  if (variant !== "b") return [...items];
  return GROUP_ORDER.flatMap((type) => items.filter((item) => item.type === type));
}

interface SuggestListProps {
  id: string;
  variant: AutocompleteVariant;
  expanded: boolean;
  /** Already arranged for the variant. */
  items: readonly SuggestionItem[];
  active: number;
  typed: string;
  onPick: (item: SuggestionItem) => void;
}

/**
 * The listbox of a search combobox. Variant a: plain suggestions with the typed part in bold;
 * b: grouped under Categories, Places and Deals; c: each with its kind and deal count.
 */
export function SuggestList({ id, variant, expanded, items, active, typed, onPick }: SuggestListProps) {
  const option = (item: SuggestionItem, index: number) => (
    <li
      key={`${item.type}-${item.text}`}
      id={`${id}-${index}`}
      role="option"
      aria-selected={index === active}
      // mousedown, not click: it fires before the input's blur closes the list.
      onMouseDown={(event) => {
        event.preventDefault();
        onPick(item);
      }}
      className={`flex cursor-pointer items-baseline gap-2 px-3 py-2 ${index === active ? "bg-brand text-white" : "hover:bg-gray-100"}`}
    >
      <span className="min-w-0 flex-1 truncate">{variant === "a" ? <Highlighted text={item.text} typed={typed} /> : item.text}</span>
      {variant === "c" && (
        <span className={`shrink-0 text-xs ${index === active ? "text-white" : "text-gray-600"}`}>
          {KIND_LABELS[item.type]}
          {item.count !== undefined && ` · ${item.count} ${item.count === 1 ? "deal" : "deals"}`}
        </span>
      )}
    </li>
  );

  return (
    <ul
      id={id}
      role="listbox"
      aria-label="Search suggestions"
      hidden={!expanded}
      className="absolute left-0 right-0 top-full z-30 mt-1 max-h-96 overflow-y-auto rounded-md bg-white py-1 text-brand-ink shadow-lg ring-1 ring-gray-300"
    >
      {variant === "b"
        ? GROUP_ORDER.filter((type) => items.some((item) => item.type === type)).map((type) => (
            <li key={type} role="group" aria-labelledby={`${id}-group-${type}`}>
              <p id={`${id}-group-${type}`} role="presentation" className="px-3 pt-2 text-xs font-bold uppercase text-gray-600">
                {GROUP_LABELS[type]}
              </p>
              <ul role="presentation">{items.map((item, index) => (item.type === type ? option(item, index) : null))}</ul>
            </li>
          ))
        : items.map(option)}
    </ul>
  );
}

function Highlighted({ text, typed }: { text: string; typed: string }) {
  const at = typed.trim() === "" ? -1 : text.toLowerCase().indexOf(typed.trim().toLowerCase());
  if (at < 0) return <>{text}</>;
  const end = at + typed.trim().length;
  return (
    <>
      {text.slice(0, at)}
      <strong>{text.slice(at, end)}</strong>
      {text.slice(end)}
    </>
  );
}
