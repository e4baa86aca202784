import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/query-rows";
import { BRANDS, type BrandId } from "../../lib/brand";
import type { Currency } from "../../lib/money";
import type { StatementPeriod } from "../merchants/statement-period";
import { REPORT_TIME_ZONE } from "./report-period";
import type { ReportTable } from "./report-table";
import { NOT_CANCELLED, PAID } from "./sales-sql";


const ORDER_COLUMNS = [
  { key: "orders", label: "Orders", kind: "count" as const },
  { key: "sales", label: "Sales", kind: "money" as const },
];

/** Orders placed on each UK day of the period, per currency: count and what shoppers paid. */
export async function salesByDay(db: Db, period: StatementPeriod): Promise<ReportTable> {
  const rows = await queryRows<{ day: string; currency: Currency; orders: number; sales: number }>(
    db,
    sql`select to_char(o.created_at at time zone ${REPORT_TIME_ZONE}, 'YYYY-MM-DD') as day, o.currency, count(*)::int as orders, sum(${PAID})::bigint::float8 as sales
        from orders o where o.created_at >= ${period.start} and o.created_at < ${period.end} and ${NOT_CANCELLED}
        group by 1, 2 order by 1, 2`,
  );
  return {
    id: "sales-by-day",
    title: "Sales by day",
    description: "Orders placed each day (UK time) and what shoppers paid for them, by card and wallet credit, postage and fees included.",
    columns: [{ key: "day", label: "Day", kind: "text" }, { key: "currency", label: "Currency", kind: "text" }, ...ORDER_COLUMNS],
    rows: rows.map((row) => ({ ...row, sales: Number(row.sales) })),
    chart: { label: "day", value: "sales" },
  };
}

/** The same orders by brand (site). */
export async function salesByBrand(db: Db, period: StatementPeriod): Promise<ReportTable> {
  const rows = await queryRows<{ brand: BrandId; currency: Currency; orders: number; sales: number }>(
    db,
    sql`select o.brand, o.currency, count(*)::int as orders, sum(${PAID})::bigint::float8 as sales
        from orders o where o.created_at >= ${period.start} and o.created_at < ${period.end} and ${NOT_CANCELLED}
        group by 1, 2 order by 4 desc, 1`,
  );
  return {
    id: "sales-by-brand",
    title: "Sales by brand",
    description: "The period's orders by the site they were placed on.",
    columns: [{ key: "brand", label: "Brand", kind: "text" }, { key: "currency", label: "Currency", kind: "text" }, ...ORDER_COLUMNS],
    rows: rows.map((row) => ({ brand: BRANDS[row.brand]?.displayName ?? row.brand, currency: row.currency, orders: row.orders, sales: Number(row.sales) })),
    chart: { label: "brand", value: "sales" },
  };
}

const LINE_COLUMNS = [
  { key: "units", label: "Units", kind: "count" as const },
  { key: "value", label: "Value of the deals sold", kind: "money" as const },
];
const LINE_DESCRIPTION = "Deal options sold (units) and their price, before discounts, postage and fees.";

/** Deal lines of the period's orders grouped by a name from the deal (its category, its location), per currency. */
async function dealLinesBy(db: Db, period: StatementPeriod, by: { id: string; title: string; key: string; label: string; name: SQL; join: SQL }): Promise<ReportTable> {
  const rows = await queryRows<{ name: string; currency: Currency; units: number; value: number }>(
    db,
    sql`select ${by.name} as name, o.currency, sum(l.quantity)::int as units, sum(l.line_total)::bigint::float8 as value
        from order_lines l join orders o on o.id = l.order_id left join deals d on d.id = l.deal_id ${by.join}
        where l.kind = 'deal' and ${NOT_CANCELLED} and l.created_at >= ${period.start} and l.created_at < ${period.end}
        group by 1, 2 order by 4 desc, 1`,
  );
  return {
    id: by.id,
    title: by.title,
    description: LINE_DESCRIPTION,
    columns: [{ key: by.key, label: by.label, kind: "text" }, { key: "currency", label: "Currency", kind: "text" }, ...LINE_COLUMNS],
    rows: rows.map((row) => ({ [by.key]: row.name, currency: row.currency, units: row.units, value: Number(row.value) })),
    chart: { label: by.key, value: "value" },
  };
}

/** Deal lines of the period's orders by the deal's top-level category. */
export function salesByCategory(db: Db, period: StatementPeriod): Promise<ReportTable> {
  return dealLinesBy(db, period, {
    id: "sales-by-category",
    title: "Sales by category",
    key: "category",
    label: "Category",
    name: sql`coalesce(c.name, 'No category')`,
    join: sql`left join categories c on c.id = d.category_id`,
  });
}

/** The same lines by the deal's location (national, shop and travel deals have none). */
export function salesByLocation(db: Db, period: StatementPeriod): Promise<ReportTable> {
  return dealLinesBy(db, period, {
    id: "sales-by-location",
    title: "Sales by location",
    key: "location",
    label: "Location",
    name: sql`coalesce(loc.name, 'National, shop and travel')`,
    join: sql`left join locations loc on loc.id = d.location_id`,
  });
}

export const TOP_DEALS = 20;

/** The period's best-selling deals by value. */
export async function topDeals(db: Db, period: StatementPeriod): Promise<ReportTable> {
  const rows = await queryRows<{ dealId: number; title: string; currency: Currency; units: number; value: number }>(
    db,
    sql`select l.deal_id as "dealId", min(l.title) as title, o.currency, sum(l.quantity)::int as units, sum(l.line_total)::bigint::float8 as value
        from order_lines l join orders o on o.id = l.order_id
        where l.kind = 'deal' and l.deal_id is not null and ${NOT_CANCELLED} and l.created_at >= ${period.start} and l.created_at < ${period.end}
        group by 1, 3 order by 5 desc, 1 limit ${TOP_DEALS}`,
  );
  return {
    id: "top-deals",
    title: `Top ${TOP_DEALS} deals`,
    description: "The deals that sold the most by value in the period.",
    columns: [
      { key: "dealId", label: "Deal", kind: "text" },
      { key: "title", label: "Headline", kind: "text" },
      { key: "currency", label: "Currency", kind: "text" },
      ...LINE_COLUMNS,
    ],
    rows: rows.map((row) => ({ ...row, dealId: String(row.dealId), value: Number(row.value) })),
    chart: null,
  };
}
