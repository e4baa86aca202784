import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/query-rows";
import type { StatementPeriod } from "../merchants/statement-period";
import type { ReportTable } from "./report-table";
import { percentTenths } from "./report-tenths";

export const ALL_CATEGORIES = "All categories";
const SECONDS_PER_TENTH_OF_A_DAY = 8640;

/**
 * Of the vouchers sold in the period (those of the orders placed in it, as the sales reports count
 * them), by the deal's category and overall: how many are still sold, how many have been redeemed
 * so far, the rate, and the median time from the order to the redemption.
 * - Still sold: not given back, so neither refunded nor exchanged for wallet credit (REFUNDED,
 *   REQUEST_PROCESSED), nor cancelled by fraud review (CANCELLED: never a sale); an expired
 *   voucher was sold and not used, so it stays in.
 * - Goods sent by post are left out: they are delivered, not redeemed at a merchant.
 * - Redeemed: redeemed_at is set (a booked stay counts once the merchant redeems it).
 * Reached through the orders of the period (orders_created_idx, then vouchers_order_idx).
 */
export async function redemptionByCategory(db: Db, period: StatementPeriod): Promise<ReportTable> {
  const rows = await queryRows<{ category: string | null; overall: boolean; sold: number; redeemed: number; medianSeconds: number | null }>(
    db,
    sql`select coalesce(c.name, 'No category') as category, grouping(coalesce(c.name, 'No category')) = 1 as overall,
          count(*)::int as sold, count(v.redeemed_at)::int as redeemed,
          percentile_cont(0.5) within group (order by extract(epoch from v.redeemed_at - o.created_at)::float8) as "medianSeconds"
        from orders o join vouchers v on v.order_id = o.id
          left join deals d on d.id = v.deal_id left join categories c on c.id = d.category_id
        where o.created_at >= ${period.start} and o.created_at < ${period.end}
          and not v.physical and v.status not in ('REFUNDED', 'REQUEST_PROCESSED', 'CANCELLED')
        group by grouping sets ((coalesce(c.name, 'No category')), ())
        order by 2, 3 desc, 1`,
  );
  return {
    id: "redemption",
    title: "Redemption by category",
    description:
      "Vouchers sold in the period and not given back (refunded or exchanged for credit; expired ones stay in), how many have been redeemed so far, and the median days from the order to the redemption. Goods sent by post are left out.",
    columns: [
      { key: "category", label: "Category", kind: "text" },
      { key: "sold", label: "Vouchers sold", kind: "count" },
      { key: "redeemed", label: "Redeemed", kind: "count" },
      { key: "rate", label: "Redemption rate (%)", kind: "tenths" },
      { key: "medianDays", label: "Median days to redeem", kind: "tenths" },
    ],
    // Nothing sold leaves only the overall row, all zeros: no table then.
    rows: rows
      .filter((row) => row.sold > 0)
      .map((row) => ({
        category: row.overall ? ALL_CATEGORIES : row.category,
        sold: row.sold,
        redeemed: row.redeemed,
        rate: percentTenths(row.redeemed, row.sold),
        medianDays: row.medianSeconds === null ? null : Math.round(Number(row.medianSeconds) / SECONDS_PER_TENTH_OF_A_DAY),
      })),
    chart: { label: "category", value: "rate" },
  };
}
