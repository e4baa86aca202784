import { Form } from "react-router";
import type { MerchantVoucherView } from "../../../modules/vouchers/redeem-voucher";
import { CsrfField } from "../CsrfField";
import { formatPortalTime } from "./portal-format";

/**
 * A looked-up voucher at the till: what it is, its state and dates, and what the merchant can do
 * now (`showRefusal`: say why not, unless the page already says it).
 */
export function TillVoucher({
  voucher,
  showRefusal,
  csrfToken,
  timeZone,
  busy,
}: {
  voucher: MerchantVoucherView;
  showRefusal: boolean;
  csrfToken: string;
  timeZone: string;
  busy: boolean;
}) {
  const rows: [string, string][] = [
    ["Voucher code", voucher.code],
    ["Deal", voucher.dealTitle],
    ["Option", voucher.productName],
    ["Status", voucher.statusText],
    ["Bought", formatPortalTime(voucher.purchasedAt, timeZone)],
    ["Expires", formatPortalTime(voucher.expiresAt, timeZone)],
  ];
  if (voucher.redeemedAt) rows.push(["Redeemed", formatPortalTime(voucher.redeemedAt, timeZone)]);
  return (
    <div className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-bold">{term}</dt>
            <dd data-testid={`till-${term.toLowerCase().replace(/\s+/g, "-")}`}>{value}</dd>
          </div>
        ))}
      </dl>
      {showRefusal && voucher.refusal && <p className="mt-3 font-bold text-alert">{voucher.refusal}</p>}
      {(voucher.canRedeem || voucher.canBook) && (
        <Form method="post" className="mt-4 flex flex-wrap gap-3">
          <CsrfField token={csrfToken} />
          <input type="hidden" name="code" value={voucher.code} />
          {voucher.canBook && (
            <button type="submit" name="intent" value="book" disabled={busy} className="rounded border border-brand px-5 py-3 font-bold text-brand-dark hover:bg-gray-100 disabled:opacity-70">
              Mark as booked
            </button>
          )}
          {voucher.canRedeem && (
            <button type="submit" name="intent" value="redeem" disabled={busy} className="rounded bg-brand px-5 py-3 font-bold text-white hover:bg-brand-dark disabled:opacity-70">
              Redeem
            </button>
          )}
        </Form>
      )}
      {voucher.canBook && <p className="mt-2 text-sm text-gray-700">Once booked, please send the travel documents within 3 working days.</p>}
    </div>
  );
}
