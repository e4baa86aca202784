import { localDate } from "../../lib/market-time";
import type { StatementLine } from "./statement-lines";
import type { StatementTotals } from "./statement";
import type { StatementPeriod } from "./statement-period";

/** Minor units as a plain decimal a spreadsheet reads as a number: 1234 → "12.34", -5 → "-0.05". */
export function csvAmount(minor: number): string {
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * One text field: a value a spreadsheet would run as a formula (starting with =, +, -, @, a tab or
 * a carriage return) gets a leading apostrophe (OWASP CSV injection), and a value with a comma,
 * quote or line break is quoted with its quotes doubled (RFC 4180).
 */
export function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function row(fields: readonly string[]): string {
  return `${fields.join(",")}\r\n`;
}

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
