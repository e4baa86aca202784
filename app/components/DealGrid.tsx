import type { DealTile as DealTileData } from "../../modules/catalog/deal-tile";
import { DealTile } from "./DealTile";

/**
 * Grid columns: 1 on phones, 2 from sm, 3 from lg; "stack" keeps one column (sidebars);
 * "featured" gives the first deal (the main deal) two columns on wide screens.
 */
export function DealGrid({
  deals,
  label,
  eagerCount = 3,
  layout = "grid",
}: {
  deals: DealTileData[];
  label?: string;
  eagerCount?: number;
  layout?: "grid" | "stack" | "featured";
}) {
  const columns = layout === "stack" ? "sm:grid-cols-2 lg:grid-cols-1" : "sm:grid-cols-2 lg:grid-cols-3";
  return (
    <ul className={`grid grid-cols-1 gap-6 ${columns}`} aria-label={label}>
      {deals.map((deal, index) => (
        <li key={deal.id} className={layout === "featured" && index === 0 ? "lg:col-span-2" : undefined}>
          <DealTile deal={deal} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
