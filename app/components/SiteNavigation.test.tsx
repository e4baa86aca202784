import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { ShellNavigationItem } from "../shell/load-shell.server";
import { SiteNavigation } from "./SiteNavigation";

const items: ShellNavigationItem[] = [
  { id: 1, kind: "local", linkText: "Leeds", url: "/deals/leeds", subNavigations: [] },
  { id: 2, kind: "category", linkText: "Beauty", url: "/deals/leeds/beauty", subNavigations: [] },
  { id: 3, kind: "link", linkText: "Shop", url: "/deals/shop", subNavigations: [] },
  { id: 4, kind: "vip", linkText: "VIP Hub", url: "/deals/vip", subNavigations: [] },
];

/** The header navigation's HTML as the server renders it for a page. */
function render(path: string, localMatch: boolean): string {
  return renderToString(
    <MemoryRouter initialEntries={[path]}>
      <SiteNavigation items={items} localMatch={localMatch} />
    </MemoryRouter>,
  );
}

/** Texts of the links marked as the current page (the row and the More menu both hold each item). */
function current(html: string): string[] {
  const links = [...html.matchAll(/<a [^>]*aria-current="page"[^>]*>(.*?)<\/a>/g)].map((match) => match[1].replace(/<[^>]+>/g, ""));
  return [...new Set(links)];
}

describe("SiteNavigation (server-rendered)", () => {
  it("marks only the current page's item with aria-current", () => {
    expect(current(render("/deals/leeds/beauty/spa", true))).toEqual(["Beauty"]);
    expect(current(render("/deals/leeds", true))).toEqual(["Leeds"]);
    expect(current(render("/search?q=spa", true))).toEqual([]);
  });

  it("renders the local item disabled, not as a link, when the location has no local deals", () => {
    const html = render("/deals/shop", false);
    expect(html).toMatch(/<span aria-disabled="true"[^>]*data-testid="nav-local-disabled"[^>]*>.*?Leeds/);
    expect(html).not.toContain('href="/deals/leeds"');
    const enabled = render("/deals/shop", true);
    expect(enabled).not.toContain("nav-local-disabled");
    expect(enabled).toMatch(/<a href="\/deals\/leeds"[^>]*>.*?Leeds<\/a>/);
  });
});
