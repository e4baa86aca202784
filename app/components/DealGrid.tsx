import { DealTile, type ListedDeal } from "./DealTile";

/**
 * Deal tiles per row by breakpoint (spec discovery §9 "Columns by breakpoint: sm 4, md/lg 5,
 * otherwise 6"; docs/decisions/catalog-grid-columns.md): 2 on phones below sm (576 px), 4 from
 * sm, 5 on md and lg (768 px, 992 px), 6 from xl (1200 px). "stack" keeps one column (sidebars);
 * "featured" shows the main and side deals large, the main deal over two columns on wide screens.
 */
const COLUMNS = {
  grid: "grid-cols-2 gap-3 sm:grid-cols-4 md:grid-cols-5 xl:grid-cols-6",
  stack: "grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-1",
  featured: "grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3",
} as const;

export function DealGrid({
  deals,
  label,
  eagerCount = 3,
  layout = "grid",
}: {
  deals: ListedDeal[];
  label?: string;
  eagerCount?: number;
  layout?: keyof typeof COLUMNS;
}) {
  return (
    <ul className={`grid ${COLUMNS[layout]}`} aria-label={label} data-layout={layout}>
      {deals.map((deal, index) => (
        <li key={deal.id} className={layout === "featured" && index === 0 ? "lg:col-span-2" : undefined}>
          <DealTile deal={deal} eager={index < eagerCount} compact={layout === "grid"} />
        </li>
      ))}
    </ul>
  );
}
