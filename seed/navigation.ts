import type { navigationItems } from "../modules/catalog/schema";
import type { SeedTopCategory } from "./data/categories";

export type NewNavigationItem = typeof navigationItems.$inferInsert & { id: number };

/**
 * The header navigation of each market: the local item, local categories, shop and a few shop
 * categories, travel (escapes in Ireland) with its two-level menu, then gifts, wellness, VIP, near
 * me and guides. More items than fit on one line, so the 'More +' overflow has work to do.
 */
export function buildNavigation(tree: readonly SeedTopCategory[]): NewNavigationItem[] {
  const rows: NewNavigationItem[] = [];
  let nextId = 1;
  const add = (item: Omit<NewNavigationItem, "id" | "sortOrder">, sortOrder: number): number => {
    const id = nextId++;
    rows.push({ ...item, id, sortOrder });
    return id;
  };
  for (const countryCode of ["GB", "IE"] as const) {
    const travel = countryCode === "IE" ? "escapes" : "travel";
    let order = 0;
    add({ countryCode, kind: "local", shortName: "local", linkText: "Local", url: "/deals/{location}", isDefault: true }, order++);
    for (const top of tree.filter((c) => c.kind === "local")) {
      add({ countryCode, kind: "category", shortName: top.shortName, linkText: top.name, url: `/deals/{location}/${top.shortName}`, categoryId: top.id }, order++);
    }
    const shopId = add({ countryCode, kind: "link", shortName: "shop", linkText: "Shop", url: "/deals/shop" }, order++);
    tree
      .filter((c) => c.kind === "national")
      .forEach((top, index) => {
        add(
          { countryCode, parentId: shopId, kind: "category", shortName: top.shortName, linkText: top.name, url: `/deals/shop/${top.shortName}`, categoryId: top.id },
          index,
        );
      });
    for (const top of tree.filter((c) => c.kind === "national").slice(0, 3)) {
      add({ countryCode, kind: "category", shortName: top.shortName, linkText: top.name, url: `/deals/shop/${top.shortName}`, categoryId: top.id }, order++);
    }
    const travelId = add(
      { countryCode, kind: "travel", shortName: travel, linkText: countryCode === "IE" ? "Escapes" : "Travel", url: `/deals/${travel}` },
      order++,
    );
    const travelTops = tree.filter((c) => c.kind === "travel");
    // Irish shoppers see Irish breaks first.
    const ordered = countryCode === "IE" ? [...travelTops].sort((a, b) => Number(b.shortName === "ireland-breaks") - Number(a.shortName === "ireland-breaks")) : travelTops;
    ordered.forEach((top, index) => {
      const topId = add(
        { countryCode, parentId: travelId, kind: "category", shortName: top.shortName, linkText: top.name, url: `/deals/${travel}/${top.shortName}`, categoryId: top.id },
        index,
      );
      top.children.forEach((sub, subIndex) => {
        add(
          {
            countryCode,
            parentId: topId,
            kind: "category",
            shortName: sub.shortName,
            linkText: sub.name,
            url: `/deals/${travel}/${top.shortName}/${sub.shortName}`,
            categoryId: sub.id,
          },
          subIndex,
        );
      });
    });
    add({ countryCode, kind: "gift", shortName: "gifts", linkText: "Gifts", url: "/gifts" }, order++);
    add({ countryCode, kind: "link", shortName: "wellness-collection", linkText: "Wellness", url: "/deals/wellness-collection" }, order++);
    add({ countryCode, kind: "vip", shortName: "vip", linkText: "VIP Hub", url: "/deals/vip" }, order++);
    add({ countryCode, kind: "link", shortName: "near-me", linkText: "Near Me", url: "/near-me/hub" }, order++);
    add({ countryCode, kind: "link", shortName: "guides", linkText: "Guides", url: "/guides/hub" }, order++);
  }
  return rows;
}
