/**
 * A wide back-office table scrolls sideways inside its own region, never the page (WCAG 1.4.10:
 * data tables may need two-dimensional scrolling). The region takes the focus so a keyboard
 * user can scroll it with the arrow keys; its ring is drawn inside, where the region cannot clip it. It
 * is positioned, so the table's visually hidden headings (absolutely placed) stay inside it too.
 */
export function TableScroller({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    // A scrolling region must be reachable by keyboard to be scrolled, hence tabIndex 0.
    <div role="region" aria-label={label} tabIndex={0} className="focus-inset relative max-w-full overflow-x-auto">
      {children}
    </div>
  );
}
