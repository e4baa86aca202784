import { HeadingRow } from "../HeadingRow";
import { TableScroller } from "../TableScroller";
import type { PayoutLineRow, PayoutViewData } from "./payout-view";

/**
 * A payout's statement on a page (the back office and the merchant portal): its figures, links to
 * the CSV and PDF, and every voucher it covers.
 */
export function PayoutStatement({ payout, lines, downloadBase }: { payout: PayoutViewData; lines: readonly PayoutLineRow[]; downloadBase: string }) {
  return (
    <>
      <dl className="mb-4 grid max-w-lg grid-cols-[1fr_max-content] gap-x-6 gap-y-1 rounded-lg bg-white p-4 ring-1 ring-gray-200" data-testid="payout-figures">
        <dt className="font-bold">Status</dt>
        <dd>{payout.statusLabel}</dd>
        <dt className="font-bold">Covers vouchers up to</dt>
        <dd>{payout.coversUpTo}</dd>
        {payout.figures.map((figure) => (
          <div key={figure.label} className="contents">
            <dt>{figure.label}</dt>
            <dd className="text-right tabular-nums">{figure.amount}</dd>
          </div>
        ))}
        {payout.paidOn && (
          <>
            <dt className="font-bold">Paid on</dt>
            <dd>{payout.paidOn}</dd>
          </>
        )}
        {payout.failureReason && (
          <>
            <dt className="font-bold">Payment failed</dt>
            <dd>{payout.failureReason}</dd>
          </>
        )}
      </dl>
      <p className="mb-4 flex flex-wrap gap-4">
        <a href={`${downloadBase}/statement.csv`} download className="font-bold text-brand-dark underline">
          Download the statement (CSV)
        </a>
        <a href={`${downloadBase}/statement.pdf`} download className="font-bold text-brand-dark underline">
          Download the statement (PDF)
        </a>
      </p>
      <TableScroller label="Vouchers in this payout">
        <table className="w-full border-collapse bg-white text-sm">
          <caption className="mb-2 text-left font-bold">
            {lines.length} {lines.length === 1 ? "line" : "lines"}: vouchers earned and refunds taken back
          </caption>
          <thead>
            <HeadingRow headings={["Date", "Type", "Voucher code", "Deal", "Amount", "Commission", "Net"]} numeric={["Amount", "Commission", "Net"]} />
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.key} className="border-b border-gray-200" data-testid="payout-line">
                <td className="p-2">{line.date}</td>
                <td className="p-2">{line.kind}</td>
                <td className="p-2 font-mono">{line.code}</td>
                <td className="p-2">{line.deal}</td>
                <td className="p-2 text-right tabular-nums">{line.gross}</td>
                <td className="p-2 text-right tabular-nums">{line.commission}</td>
                <td className="p-2 text-right tabular-nums">{line.net}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
    </>
  );
}
