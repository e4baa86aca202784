const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" });

export interface VoucherRow {
  id: number;
  code: string;
  dealTitle: string;
  productName: string;
  merchantName: string;
  status: string;
  expiresAt: string;
}

/** Vouchers with deal, merchant, code, status and expiry, each with its printable PDF. */
export function VoucherList({ vouchers }: { vouchers: readonly VoucherRow[] }) {
  if (vouchers.length === 0) return <p>You have no vouchers yet.</p>;
  return (
    <ul className="flex flex-col gap-3">
      {vouchers.map((voucher) => (
        <li key={voucher.id} className="flex flex-col gap-1 rounded border border-gray-300 p-4 sm:flex-row sm:items-start sm:justify-between" data-testid="voucher">
          <div className="min-w-0">
            <p className="font-bold">{voucher.dealTitle}</p>
            <p className="text-sm">{voucher.productName}</p>
            <p className="text-sm text-gray-700">{voucher.merchantName}</p>
            <p className="mt-1">
              Voucher code: <span className="font-mono font-bold">{voucher.code}</span>
            </p>
            <p className="text-sm">
              <span className="font-bold">{voucher.status}</span> · Expires{" "}
              <time dateTime={voucher.expiresAt}>{dateFormat.format(new Date(voucher.expiresAt))}</time>
            </p>
          </div>
          <a
            href={`/deal/print-voucher?voucherId=${voucher.id}`}
            className="whitespace-nowrap rounded px-3 py-2 font-bold text-brand-dark ring-1 ring-brand hover:bg-gray-50"
            aria-label={`Print voucher ${voucher.code} (PDF)`}
          >
            Print voucher (PDF)
          </a>
        </li>
      ))}
    </ul>
  );
}
