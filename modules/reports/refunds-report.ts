import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/query-rows";
import type { Currency } from "../../lib/money";
import type { StatementPeriod } from "../merchants/statement-period";
import type { ReportTable } from "./report-table";

/** How the money went back: a refund to the way it was paid or to the wallet, or an exchange for credit. */
const howWords = (kind: string, destination: string) =>
  kind === "credit" ? "Exchanged for wallet credit" : destination === "wallet" ? "Refund to the wallet" : "Refund to the payment";

/** Vouchers given back in the period, by how (refund or credit) and the reason given, with the money returned. */
export async function refundsByReason(db: Db, period: StatementPeriod): Promise<ReportTable> {
  const rows = await queryRows<{ kind: string; destination: string; reason: string; currency: Currency; vouchers: number; amount: number }>(
    db,
    sql`select r.kind, r.destination, coalesce(nullif(trim(r.reason), ''), 'No reason given') as reason, r.currency, count(*)::int as vouchers,
          sum(r.card_amount + r.refundable_credit + r.marketing_credit)::bigint::float8 as amount
        from voucher_refunds r where r.created_at >= ${period.start} and r.created_at < ${period.end}
        group by 1, 2, 3, 4 order by 6 desc, 1, 2, 3`,
  );
  return {
    id: "refunds",
    title: "Refunds and their reasons",
    description: "Vouchers given back in the period, to the card or as wallet credit, by the reason given.",
    columns: [
      { key: "kind", label: "How", kind: "text" },
      { key: "reason", label: "Reason", kind: "text" },
      { key: "currency", label: "Currency", kind: "text" },
      { key: "vouchers", label: "Vouchers", kind: "count" },
      { key: "amount", label: "Money returned", kind: "money" },
    ],
    rows: rows.map((row) => ({ kind: howWords(row.kind, row.destination), reason: row.reason, currency: row.currency, vouchers: row.vouchers, amount: Number(row.amount) })),
    chart: { label: "reason", value: "amount" },
  };
}
