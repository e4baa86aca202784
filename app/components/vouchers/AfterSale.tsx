import { type ReactNode, useEffect, useRef } from "react";
import { Link } from "react-router";
import { formatMoney, type Currency } from "../../../lib/money";

/** "5 December 2026", in the voucher's market. */
export function longDate(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone }).format(new Date(iso));
}

/** The last day of a deadline given as the first instant after it ("until the end of 5 December 2026"). */
export function lastDay(untilIso: string, timeZone: string): string {
  return longDate(new Date(new Date(untilIso).getTime() - 1).toISOString(), timeZone);
}

export const money = (amount: number, currency: Currency) => formatMoney(amount, currency);

interface VoucherFacts {
  id: number;
  /** Only when this shopper may see it now (never sent to the browser otherwise). */
  code: string | null;
  dealTitle: string;
  productName: string;
  merchantName: string;
  statusText: string;
}

/** The page's frame: a heading, the voucher it is about, and the way back to it. */
export function AfterSalePage({ title, voucher, children }: { title: string; voucher: VoucherFacts; children: ReactNode }) {
  return (
    <section className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200" aria-labelledby="after-sale-title">
      <p className="mb-2">
        <Link to={`/myaccount/vouchers/${voucher.id}`} className="font-bold text-brand-dark underline">
          Back to your voucher
        </Link>
      </p>
      <h1 id="after-sale-title" className="mb-4 text-2xl font-bold">
        {title}
      </h1>
      <div className="mb-6 rounded border border-gray-300 p-4">
        <p className="font-bold">{voucher.dealTitle}</p>
        <p className="text-sm">{voucher.productName}</p>
        <p className="text-sm text-gray-700">{voucher.merchantName}</p>
        <p className="mt-1 text-sm">
          {voucher.code && (
            <>
              Voucher <span className="font-mono font-bold">{voucher.code}</span> ·{" "}
            </>
          )}
          Status: <span className="font-bold" data-testid="voucher-status">{voucher.statusText}</span>
        </p>
      </div>
      {children}
    </section>
  );
}

/**
 * A message that takes the focus when it appears (an error summary after a failed submit, or the
 * outcome after a successful one), so keyboard and screen-reader users land on it.
 */
export function FocusedMessage({ kind, title, children }: { kind: "error" | "success"; title: string; children?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const style = kind === "error" ? "border-alert bg-red-50 text-alert" : "border-green-700 bg-green-50 text-green-900";
  return (
    <div ref={ref} tabIndex={-1} role={kind === "error" ? "alert" : "status"} className={`mb-6 rounded border px-4 py-3 ${style}`}>
      <h2 className="font-bold">{title}</h2>
      {children}
    </div>
  );
}

/** Why an action is not offered for this voucher. */
export function NotOffered({ reason }: { reason: string }) {
  return (
    <p className="rounded border border-gray-300 bg-gray-50 px-4 py-3" data-testid="not-offered">
      {reason}
    </p>
  );
}

export function ConfirmButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" disabled={busy} className="rounded bg-brand px-5 py-3 font-bold text-white hover:bg-brand-dark disabled:opacity-70">
      {children}
    </button>
  );
}
