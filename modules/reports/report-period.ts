import { TZDate } from "@date-fns/tz";
import { localDate } from "../../lib/market-time";
import { statementPeriod, type StatementPeriod } from "../merchants/statement-period";

/** Reports are the UK business's: days are UK days, whichever market a sale was in. */
export const REPORT_TIME_ZONE = "Europe/London";

/**
 * The days a report covers (?from=YYYY-MM-DD&to=YYYY-MM-DD, inclusive, at most a year): this month
 * so far when neither is given, or an error for dates that are not, or are the wrong way round.
 */
export function reportPeriod(asked: { from?: string | null; to?: string | null }, now: Date): { period: StatementPeriod; error: string | null } {
  const local = new TZDate(now, REPORT_TIME_ZONE);
  const thisMonth = { from: `${localDate(now, REPORT_TIME_ZONE).slice(0, 8)}01`, to: localDate(now, REPORT_TIME_ZONE) };
  const wanted = asked.from || asked.to ? asked : thisMonth;
  const result = statementPeriod(wanted, local, REPORT_TIME_ZONE);
  if (result.ok) return { period: result.period, error: null };
  const fallback = statementPeriod(thisMonth, local, REPORT_TIME_ZONE);
  return { period: fallback.ok ? fallback.period : result.period, error: result.message };
}
