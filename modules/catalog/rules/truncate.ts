const ELLIPSIS = "…";

/**
 * Shortens text to at most `limit` characters (ellipsis included) by cutting at the last space
 * before the limit, so no word is broken. Text that fits is returned unchanged.
 */
export function truncateText(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const room = Math.max(0, limit - ELLIPSIS.length);
  const lastSpace = text.lastIndexOf(" ", room);
  const cut = lastSpace > 0 ? text.slice(0, lastSpace) : text.slice(0, room);
  return `${cut.replace(/[\s,;:.-]+$/, "")}${ELLIPSIS}`;
}
