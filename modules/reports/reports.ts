import type { Db } from "../../db/client";
import type { StatementPeriod } from "../merchants/statement-period";
import { liabilitiesAt } from "./liabilities-report";
import { redemptionByCategory } from "./redemption-report";
import { refundsByReason } from "./refunds-report";
import type { ReportTable } from "./report-table";
import { salesByBrand, salesByCategory, salesByDay, salesByLocation, topDeals } from "./sales-reports";
import { vipMembershipsReport } from "./vip-report";

/** Every report of the reports page, in its order, by id (the CSV download names one). */
export const REPORTS: Record<string, (db: Db, period: StatementPeriod) => Promise<ReportTable>> = {
  "sales-by-day": salesByDay,
  "sales-by-brand": salesByBrand,
  "sales-by-category": salesByCategory,
  "sales-by-location": salesByLocation,
  "top-deals": topDeals,
  redemption: redemptionByCategory,
  refunds: refundsByReason,
  vip: vipMembershipsReport,
  liabilities: (db, period) => liabilitiesAt(db, period.end),
};

export type ReportId = keyof typeof REPORTS;

/** All the reports for a period, each read on its own. */
export async function allReports(db: Db, period: StatementPeriod): Promise<ReportTable[]> {
  return Promise.all(Object.values(REPORTS).map((report) => report(db, period)));
}
