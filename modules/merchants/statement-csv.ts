import { csvAmount, csvRow as row, csvText } from "../../lib/csv";
import { localDate } from "../../lib/market-time";
import type { StatementLine } from "./statement-lines";
import type { StatementTotals } from "./statement";
import type { StatementPeriod } from "./statement-period";

/** The statement as CSV: the period, the totals per currency, then every sale and refund line. */
export function statementCsv(input: { merchantName: string; period: StatementPeriod; totals: readonly StatementTotals[]; lines: readonly StatementLine[]; timeZone: string }): string {
  let csv = row(["Merchant", "From", "To"].map(csvText));
  csv += row([csvText(input.merchantName), input.period.from, input.period.to]);
  csv += "\r\n";
  csv += row(["Currency", "Vouchers sold", "Gross sales", "Vouchers refunded", "Refunds", "Commission rate (%)", "Commission", "Amount owed"]);
  for (const total of input.totals) {
    csv += row([
      total.currency,
      String(total.vouchersSold),
      csvAmount(total.grossSales),
      String(total.vouchersRefunded),
      csvAmount(total.refunds),
      csvAmount(total.commissionBps),
      csvAmount(total.commission),
      csvAmount(total.owed),
    ]);
  }
  csv += "\r\n";
  csv += row(["Date", "Type", "Voucher code", "Deal", "Option", "Currency", "Amount"]);
  for (const line of input.lines) {
    csv += row([localDate(line.at, input.timeZone), line.kind, line.code, csvText(line.dealTitle), csvText(line.productName), line.currency, csvAmount(line.amount)]);
  }
  return csv;
}
