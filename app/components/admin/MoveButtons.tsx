import { useEffect } from "react";

const BUTTON = "rounded border border-gray-500 bg-white px-3 py-1 font-bold disabled:opacity-50";

/**
 * "Move up" and "Move down" for one row of an ordered list (submit buttons of the row's form, so
 * they work with the keyboard and without JavaScript). Disabled at the list's ends.
 */
export function MoveButtons({ item, label, first, last }: { item: string; label: string; first: boolean; last: boolean }) {
  return (
    <>
      <button type="submit" name="intent" value="up" data-move-item={item} disabled={first} className={BUTTON} aria-label={`Move ${label} up`}>
        Move up
      </button>
      <button type="submit" name="intent" value="down" data-move-item={item} disabled={last} className={BUTTON} aria-label={`Move ${label} down`}>
        Move down
      </button>
    </>
  );
}

/**
 * Focus follows the moved row: after an action answering `focus: "up:<item>"`, its same button
 * takes the focus, or the other one when the row reached the end of the list. Runs again when
 * the list is read again (`rows`), since the moved row's buttons are known only then.
 */
export function useFocusFollowsMove(focus: string | undefined, rows: unknown) {
  useEffect(() => {
    if (!focus) return;
    const cut = focus.indexOf(":");
    const [direction, item] = [focus.slice(0, cut), focus.slice(cut + 1)];
    const buttons = Array.from(document.querySelectorAll<HTMLButtonElement>("button[data-move-item]")).filter((button) => button.dataset.moveItem === item);
    (buttons.find((button) => button.value === direction && !button.disabled) ?? buttons.find((button) => !button.disabled))?.focus();
  }, [focus, rows]);
}
