import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { ShellNavigationItem } from "../shell/load-shell.server";
import { SiteNavigation } from "./SiteNavigation";
import { ANONYMOUS_VIEWER, type Viewer, ViewerContext } from "./viewer";

const items: ShellNavigationItem[] = [{ id: 4, kind: "vip", linkText: "VIP Hub", url: "/deals/vip", subNavigations: [] }];

/** The header navigation as a viewer in this state of the auth check sees it. */
function render(viewer: Viewer): string {
  return renderToString(
    <MemoryRouter initialEntries={["/deals/london"]}>
      <ViewerContext.Provider value={viewer}>
        <SiteNavigation items={items} localMatch />
      </ViewerContext.Provider>
    </MemoryRouter>,
  );
}

describe("the VIP Hub item's marker (discovery §2)", () => {
  it("waits for the auth check, so a member never sees it flash", () => {
    expect(render(ANONYMOUS_VIEWER)).not.toContain("vip-marker");
  });

  it("invites a checked non-member, signed in or not", () => {
    expect(render({ isAuthCheckFinished: true, isAuthenticated: false, vipUser: false })).toContain('data-testid="vip-marker"');
    expect(render({ isAuthCheckFinished: true, isAuthenticated: true, vipUser: false })).toContain('data-testid="vip-marker"');
  });

  it("never shows for a member", () => {
    expect(render({ isAuthCheckFinished: true, isAuthenticated: true, vipUser: true })).not.toContain("vip-marker");
  });
});
