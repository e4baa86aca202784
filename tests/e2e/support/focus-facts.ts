import type { Page } from "@playwright/test";

export interface FocusFacts {
  area: "header" | "footer" | "tile" | "other";
  label: string;
  ringVisible: boolean;
  clippedBy: string | null;
}

/** The focused element's ring (outline ≥ 2px, or a box-shadow) and whether a clipping ancestor cuts it off. */
export function focusFacts(page: Page): Promise<FocusFacts> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    const outlineWidth = style.outlineStyle === "none" ? 0 : parseFloat(style.outlineWidth);
    const ringVisible = outlineWidth >= 2 || style.boxShadow !== "none";
    // How far the ring reaches outside the element's box (an inset ring reaches nowhere).
    const reach = Math.max(0, outlineWidth + (parseFloat(style.outlineOffset) || 0));
    const box = element.getBoundingClientRect();
    let clippedBy: string | null = null;
    for (let ancestor = element.parentElement; ancestor && ancestor !== document.body; ancestor = ancestor.parentElement) {
      const ancestorStyle = getComputedStyle(ancestor);
      if (ancestorStyle.overflowX === "visible" && ancestorStyle.overflowY === "visible") continue;
      const clip = ancestor.getBoundingClientRect();
      if (box.left - reach < clip.left - 0.5 || box.right + reach > clip.right + 0.5 || box.top - reach < clip.top - 0.5 || box.bottom + reach > clip.bottom + 0.5) {
        clippedBy = `${ancestor.tagName.toLowerCase()}.${ancestor.className}`;
        break;
      }
    }
    const area = element.closest("header") ? "header" : element.closest("footer") ? "footer" : element.closest("[data-testid=deal-tile]") ? "tile" : "other";
    return { area, label: `${element.tagName.toLowerCase()} "${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40)}"`, ringVisible, clippedBy };
  });
}
