import { statementCsv } from "../../../modules/merchants/statement-csv";
import { statementLines } from "../../../modules/merchants/statement-lines";
import { requireMerchant } from "../../merchant/portal.server";
import { loadStatement } from "../../merchant/statement.server";
import type { Route } from "./+types/statement-csv";

/** The statement as a CSV download (the same period and totals as the page, with every line). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const merchant = await requireMerchant(context, request);
  const statement = await loadStatement(context, merchant, request);
  const lines = await statementLines(context.db, { merchantId: merchant.user.merchantId, start: statement.period.start, end: statement.period.end });
  const csv = statementCsv({ merchantName: merchant.user.merchantName, period: statement.period, totals: statement.totals, lines, timeZone: statement.timeZone });
  return new Response(csv, {
    status: statement.periodError ? 400 : 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="statement-${statement.period.from}-to-${statement.period.to}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
