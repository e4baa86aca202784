import { expect, type Page, test } from "@playwright/test";
import { open, seriousViolations } from "./support/journeys";

/** What the focused element is: a map marker (its kind and name) or something else. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return { kind: element?.dataset.markerKind ?? null, name: element?.getAttribute("aria-label") ?? "", text: element?.textContent ?? "" };
  });
}

test("the map view draws London's deals offline, clustered, usable by keyboard and linked to the list", async ({ page }) => {
  // Offline: nothing may be asked of any other host (no tile server is configured).
  const outside: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith("http") && url.hostname !== "localhost") outside.push(request.url());
  });
  await page.emulateMedia({ reducedMotion: "reduce" });
  await open(page, "/map-view");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Map of deals in London");

  const map = page.getByRole("region", { name: "Map of deals in London" });
  // The basemap (the UK's outline from the shipped boundaries) and the markers are drawn.
  await expect(map.locator(".leaflet-overlay-pane path").first()).toBeAttached();
  const clusters = map.getByRole("button", { name: /^\d+ deals near / });
  await expect(clusters.first()).toBeVisible();
  await expect(page.getByTestId("map-note")).toBeHidden();
  const listItems = page.getByRole("list", { name: "Deals on the map" }).getByTestId("map-list-item");
  expect(await listItems.count()).toBeGreaterThan(5);
  expect(await seriousViolations(page)).toEqual([]);

  // Keyboard: from the location choice, Tab into the map and on to a cluster.
  await page.getByRole("button", { name: "Show deals" }).focus();
  let now = await focused(page);
  for (let presses = 0; presses < 40 && now.kind !== "cluster"; presses++) {
    await page.keyboard.press("Tab");
    now = await focused(page);
  }
  expect(now.kind).toBe("cluster");
  const clusterName = now.name;
  // Enter zooms in: the group opens up and focus stays on a marker of what it held.
  await page.keyboard.press("Enter");
  await expect(map.getByRole("button", { name: clusterName, exact: true })).toHaveCount(0);
  now = await focused(page);
  expect(now.kind).not.toBeNull();

  // On to a single place (zooming into any further group on the way).
  for (let presses = 0; presses < 40 && now.kind !== "place"; presses++) {
    await page.keyboard.press(now.kind === "cluster" ? "Enter" : "Tab");
    now = await focused(page);
  }
  expect(now.kind).toBe("place");
  expect(now.name).toMatch(/^\d+ deals? at .+, .+$/);
  // Enter on a place shows its deals beside the map, and focus goes there.
  await page.keyboard.press("Enter");
  const summary = page.getByTestId("map-summary");
  await expect(summary).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: now.name.replace(/^\d+ deals? at /, "").replace(/, [^,]+$/, "") })).toBeFocused();
  const summaryDeal = await summary.getByRole("link").first().textContent();
  // The list shows the same deal highlighted.
  await expect(page.locator("[data-testid=map-list-item][data-selected]").getByRole("link", { name: summaryDeal!, exact: true })).toBeVisible();

  // From the list to the map: the deal's pin is shown, highlighted and focused.
  const lastItem = listItems.last();
  const headline = (await lastItem.getByRole("link").textContent())!;
  await lastItem.getByRole("button", { name: `Show on map: ${headline}` }).click();
  const pin = map.locator("[data-marker-kind=place][aria-current=true]");
  await expect(pin).toBeFocused();
  await expect(lastItem).toHaveAttribute("data-selected", "true");

  // The list's link opens the deal.
  await lastItem.getByRole("link", { name: headline, exact: true }).click();
  await expect(page).toHaveURL(/\/deal\//);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(headline.slice(0, 20));
  expect(outside).toEqual([]);
});
