import { Link } from "react-router";
import { GIFTED_CODE_TEXT, GiftBadge } from "./GiftBadge";
import { type VoucherRow, formatDate, readyOnText } from "./voucher-format";

/** Vouchers with deal, merchant, code (once available, and not once given), status, expiry and gift state, each linking to its page. */
export function VoucherList({ vouchers, empty = "You have no vouchers yet." }: { vouchers: readonly VoucherRow[]; empty?: string }) {
  if (vouchers.length === 0)
    return (
      <div className="rounded-lg bg-white p-6 ring-1 ring-gray-200" data-testid="empty-state">
        <p className="mb-2 font-bold">{empty}</p>
        <p>
          Vouchers you buy appear here, ready to print or show on your phone.{" "}
          <Link className="font-bold text-brand-dark underline" to="/">
            Find a deal
          </Link>
        </p>
      </div>
    );
  return (
    <ul className="flex flex-col gap-3">
      {vouchers.map((voucher) => (
        <li key={voucher.id} className="flex flex-col gap-2 rounded border border-gray-300 p-4 sm:flex-row sm:items-start sm:justify-between" data-testid="voucher">
          <div className="min-w-0">
            <p className="font-bold">{voucher.dealTitle}</p>
            <p className="text-sm">{voucher.productName}</p>
            <p className="text-sm text-gray-700">{voucher.merchantName}</p>
            {voucher.code ? (
              <p className="mt-1">
                Voucher code: <span className="font-mono font-bold">{voucher.code}</span>
              </p>
            ) : (
              <p className="mt-1">{voucher.gift?.state === "GIFTED" ? GIFTED_CODE_TEXT : readyOnText(voucher.availableAt)}</p>
            )}
            <p className="text-sm">
              <span className="font-bold">{voucher.status}</span> · Expires <time dateTime={voucher.expiresAt}>{formatDate(voucher.expiresAt)}</time>
            </p>
            {voucher.cancelledReason && (
              <p className="text-sm" data-testid="gift-cancelled">
                {voucher.cancelledReason}
              </p>
            )}
          </div>
          <div className="flex flex-col gap-2 sm:items-end">
            <Link
              to={`/myaccount/vouchers/${voucher.id}`}
              className="whitespace-nowrap rounded px-3 py-2 font-bold text-brand-dark underline hover:bg-gray-50"
              aria-label={`View voucher: ${voucher.dealTitle}`}
            >
              View voucher
            </Link>
            <GiftBadge voucher={voucher} />
            {voucher.code && (
              <a
                href={`/deal/print-voucher?voucherId=${voucher.id}`}
                className="whitespace-nowrap rounded px-3 py-2 font-bold text-brand-dark ring-1 ring-brand hover:bg-gray-50"
                aria-label={`Print voucher ${voucher.code} (PDF)`}
              >
                Print voucher (PDF)
              </a>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
