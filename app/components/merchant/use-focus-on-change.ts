import { type RefObject, useEffect } from "react";

/**
 * Moves keyboard and screen-reader focus to an element (a result or an error summary, with
 * tabIndex -1) each time `key` changes to something new, so the outcome of a form is read at once.
 */
export function useFocusOnChange(ref: RefObject<HTMLElement | null>, key: unknown): void {
  useEffect(() => {
    if (key) ref.current?.focus();
  }, [ref, key]);
}
