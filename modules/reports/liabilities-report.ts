import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/query-rows";
import type { Currency } from "../../lib/money";
import type { ReportTable } from "./report-table";

interface Liability {
  liability: string;
  currency: Currency | null;
  amount: number;
  unit: "money" | "points";
}

/**
 * What the business owes at an instant, each from its own ledger as it stood then:
 * - wallet credit, refundable and marketing: the sum of the wallet ledger before the instant
 *   (spending and expiry are ledger entries too);
 * - gift cards bought and neither redeemed, expired nor voided by then;
 * - Club points: the sum of the points ledger (earnings less exchanges and expiries);
 * - merchants: payouts drafted, approved or failed by then and not yet paid.
 */
export async function liabilitiesAt(db: Db, at: Date): Promise<ReportTable> {
  const [wallet, giftCards, points, merchants] = await Promise.all([
    queryRows<{ balanceType: string; currency: Currency; amount: number }>(
      db,
      sql`select balance_type as "balanceType", currency, sum(amount)::bigint::float8 as amount from wallet_entries where created_at < ${at} group by 1, 2 order by 1, 2`,
    ),
    queryRows<{ currency: Currency; amount: number }>(
      db,
      sql`select g.currency, sum(g.amount)::bigint::float8 as amount from gift_cards g
          where g.created_at < ${at} and g.expires_at > ${at} and (g.redeemed_at is null or g.redeemed_at >= ${at})
            and not exists (select 1 from status_events e where e.aggregate = 'gift_card' and e.aggregate_id = g.id and e.to_status = 'VOIDED' and e.at < ${at})
          group by 1 order by 1`,
    ),
    queryRows<{ points: number }>(db, sql`select coalesce(sum(points), 0)::bigint::float8 as points from loyalty_entries where created_at < ${at}`),
    queryRows<{ currency: Currency; amount: number }>(
      db,
      sql`select currency, sum(amount)::bigint::float8 as amount from payouts
          where created_at < ${at} and amount > 0 and status <> 'carried_forward' and (paid_at is null or paid_at >= ${at})
          group by 1 order by 1`,
    ),
  ]);
  const rows: Liability[] = [
    ...wallet.map((row) => ({ liability: `Wallet credit (${row.balanceType})`, currency: row.currency, amount: Number(row.amount), unit: "money" as const })),
    ...giftCards.map((row) => ({ liability: "Gift cards not yet redeemed", currency: row.currency, amount: Number(row.amount), unit: "money" as const })),
    { liability: "Club points", currency: null, amount: Number(points[0]?.points ?? 0), unit: "points" as const },
    ...merchants.map((row) => ({ liability: "Merchant payouts not yet paid", currency: row.currency, amount: Number(row.amount), unit: "money" as const })),
  ];
  return {
    id: "liabilities",
    title: "Liabilities",
    description:
      "What is owed at the end of the period, each from its own ledger as it stood then: wallet credit, gift cards neither redeemed, expired nor voided, Club points, and merchant payouts drafted or approved but not yet paid.",
    columns: [
      { key: "liability", label: "Liability", kind: "text" },
      { key: "currency", label: "Currency", kind: "text" },
      { key: "money", label: "Amount", kind: "money" },
      { key: "points", label: "Points", kind: "count" },
    ],
    rows: rows.map((row) => ({
      liability: row.liability,
      currency: row.currency,
      money: row.unit === "money" ? row.amount : null,
      points: row.unit === "points" ? row.amount : null,
    })),
    chart: null,
  };
}
