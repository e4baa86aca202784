import { brandedPdfPage } from "../../lib/pdf-page";
import { csvAmount, csvRow, csvText } from "../../lib/csv";
import { localDate } from "../../lib/market-time";
import { formatMoney } from "../../lib/money";
import { PAYOUT_STATUS_LABELS, type PayoutLineView, type PayoutSummary } from "./read-payouts";

const KIND_LABEL = { earning: "Earned", refund: "Refund taken back" } as const;

/** The statement's figures, one label and amount each, in the order a merchant reads them. */
export function statementFigures(payout: PayoutSummary): [string, number][] {
  return [
    ["Sales", payout.grossSales],
    ["Refunds", -payout.refunds],
    [`Commission (${payout.commissionBps / 100}%)`, -payout.commission],
    ...(payout.carriedIn !== 0 ? ([["Carried from an earlier payout", payout.carriedIn]] as [string, number][]) : []),
    [payout.amount > 0 ? "Paid to you" : "Carried forward to your next payout", payout.amount],
  ];
}

/** A payout's statement as CSV: the payout, its figures, then every voucher it covers. */
export function payoutStatementCsv(payout: PayoutSummary, lines: readonly PayoutLineView[], timeZone: string): string {
  let csv = csvRow(["Payout", "Merchant", "Covers up to", "Status", "Currency"]);
  csv += csvRow([String(payout.id), csvText(payout.merchantName), localDate(payout.cutoffAt, timeZone), PAYOUT_STATUS_LABELS[payout.status], payout.currency]);
  csv += "\r\n";
  for (const [label, amount] of statementFigures(payout)) csv += csvRow([csvText(label), csvAmount(amount)]);
  csv += "\r\n";
  csv += csvRow(["Date", "Type", "Voucher code", "Deal", "Option", "Amount", "Commission", "Net"]);
  for (const line of lines) {
    csv += csvRow([
      localDate(line.occurredAt, timeZone),
      KIND_LABEL[line.kind],
      line.code,
      csvText(line.dealTitle),
      csvText(line.productName),
      csvAmount(line.gross),
      csvAmount(line.commission),
      csvAmount(line.net),
    ]);
  }
  return csv;
}

/** The same statement as a PDF: the figures, then a table of the vouchers (standard fonts, new pages as needed). */
export async function payoutStatementPdf(
  payout: PayoutSummary,
  lines: readonly PayoutLineView[],
  input: { brandName: string; timeZone: string },
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const title = `Payout ${payout.id} statement`;
  const { doc, left, width, finish } = brandedPdfPage({ brandName: input.brandName, title, subject: payout.merchantName, subtitle: `${title}: ${payout.merchantName}` }, options);
  const money = (amount: number) => formatMoney(amount, payout.currency);
  doc.moveDown(1).font("Helvetica").fontSize(11).fillColor("#111111");
  doc.text(`Covers vouchers up to ${localDate(payout.cutoffAt, input.timeZone)}. Status: ${PAYOUT_STATUS_LABELS[payout.status]}.`);
  doc.moveDown(0.6);
  for (const [label, amount] of statementFigures(payout)) doc.text(`${label}: ${money(amount)}`);
  doc.moveDown(1).font("Helvetica-Bold").text(`Vouchers (${lines.length})`);
  const columns = [
    { label: "Date", width: 70 },
    { label: "Type", width: 90 },
    { label: "Code", width: 90 },
    { label: "Deal", width: width - 70 - 90 - 90 - 140 },
    { label: "Net", width: 140 },
  ];
  const row = (cells: string[], bold = false) => {
    if (doc.y > doc.page.height - 80) doc.addPage();
    const y = doc.y;
    let x = left;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(9);
    let bottom = y;
    cells.forEach((cell, index) => {
      doc.text(cell, x, y, { width: columns[index].width - 6, align: index === cells.length - 1 ? "right" : "left" });
      bottom = Math.max(bottom, doc.y);
      x += columns[index].width;
    });
    doc.x = left;
    doc.y = bottom + 2;
  };
  doc.moveDown(0.4);
  row(
    columns.map((column) => column.label),
    true,
  );
  for (const line of lines) row([localDate(line.occurredAt, input.timeZone), KIND_LABEL[line.kind], line.code, `${line.dealTitle}: ${line.productName}`, money(line.net)]);
  return finish();
}
