import { HeadingRow } from "../HeadingRow";
import { TableScroller } from "../TableScroller";
import type { PayoutViewData } from "./payout-view";

/**
 * A list of payouts, each linking to its page (`${basePath}/{id}`): finance's (`forFinance`: with
 * the merchant and the bank file) and a merchant's own in the portal.
 */
export function PayoutTable({ payouts, caption, basePath, forFinance = false }: { payouts: readonly PayoutViewData[]; caption: string; basePath: string; forFinance?: boolean }) {
  const headings = forFinance ? ["Payout", "Merchant", "Covers up to", "Status", "Amount", "Bank file"] : ["Payout", "Covers vouchers up to", "Status", "Amount"];
  return (
    <TableScroller label={forFinance ? "Payouts found" : "Your payouts"}>
      <table className="w-full border-collapse bg-white text-sm">
        <caption className="mb-2 text-left font-bold" data-testid="payouts-summary">
          {caption}
        </caption>
        <thead>
          <HeadingRow headings={headings} numeric={["Amount"]} />
        </thead>
        <tbody>
          {payouts.map((payout) => (
            <tr key={payout.id} className="border-b border-gray-200" data-testid="payout-row">
              <td className="p-2">
                <a href={`${basePath}/${payout.id}`} className="font-bold text-brand-dark underline">
                  Payout {payout.id}
                </a>
              </td>
              {forFinance && <td className="p-2">{payout.merchantName}</td>}
              <td className="p-2">{payout.coversUpTo}</td>
              <td className="p-2">{payout.statusLabel}</td>
              <td className="p-2 text-right tabular-nums">{payout.amount}</td>
              {forFinance && <td className="p-2">{payout.bankFileId ?? "–"}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}
