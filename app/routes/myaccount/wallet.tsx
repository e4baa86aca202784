import { data, Link } from "react-router";
import { marketTimeZone } from "../../../lib/market-time";
import { formatBalance, formatMoney } from "../../../lib/money";
import { marketingCreditLimitText } from "../../../modules/wallet/plan-wallet-use";
import { walletBalances } from "../../../modules/wallet/wallet-balances";
import { walletLedger } from "../../../modules/wallet/wallet-ledger";
import { requireCustomer } from "../../../server/accounts/redirects";
import { readWallet } from "../../../server/wallet/read-wallet";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { Pagination } from "../../components/Pagination";
import type { Route } from "./+types/wallet";
import { DataTable } from "../../components/DataTable";

export const meta = accountMeta("My Wallet");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

/** My Wallet: balances per currency, what expires next, and the ledger, newest first, 20 a page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = requireCustomer(context, request);
  const pageText = new URL(request.url).searchParams.get("page") ?? "1";
  const page = /^\d{1,5}$/.test(pageText) ? Number(pageText) : 1;
  const now = context.clock.now();
  const timeZone = marketTimeZone(context.brand.countryCode);
  const read = await readWallet(context, async () => ({
    balances: await walletBalances(context.db, customer.id, { now, brandCurrency: context.brand.currency }),
    ledger: await walletLedger(context.db, customer.id, page),
  }));
  if (!read.ok) return data({ timeZone, failure: read.error.message, wallet: null }, { status: read.error.status });
  return { timeZone, failure: null, wallet: read.value };
}

const amountClass = (amount: number) => (amount < 0 ? "text-alert" : "text-green-800");
const signed = (amount: number, currency: Parameters<typeof formatMoney>[1]) => (amount > 0 ? `+${formatMoney(amount, currency)}` : formatMoney(amount, currency));

export default function MyWallet({ loaderData }: Route.ComponentProps) {
  const { timeZone, failure, wallet } = loaderData;
  const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone });
  const when = (iso: string) => <time dateTime={iso}>{dateFormat.format(new Date(iso))}</time>;
  return (
    <section className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <h1 className="mb-4 text-2xl font-bold">My Wallet</h1>
      {failure !== null || wallet === null ? (
        <p role="alert" className="rounded border border-alert p-3 font-bold text-alert">
          {failure}
        </p>
      ) : (
        <>
          <table className="w-full text-left" data-testid="wallet-balances">
            <caption className="mb-2 text-left text-lg font-bold">Your balances</caption>
            <thead>
              <tr className="border-b border-gray-300">
                <th scope="col" className="py-2 pr-4">Currency</th>
                <th scope="col" className="py-2 pr-4">Refundable credit</th>
                <th scope="col" className="py-2 pr-4">Marketing credit</th>
                <th scope="col" className="py-2">Expires next</th>
              </tr>
            </thead>
            <tbody>
              {wallet.balances.map((balance) => (
                <tr key={balance.currency} className="border-b border-gray-200">
                  <th scope="row" className="py-2 pr-4">{balance.currency}</th>
                  <td className="py-2 pr-4 font-bold">{formatBalance(balance.refundable, balance.currency)}</td>
                  <td className="py-2 pr-4 font-bold">{formatBalance(balance.marketing, balance.currency)}</td>
                  <td className="py-2" data-testid={`expires-next-${balance.currency}`}>
                    {balance.expiresNext ? (
                      <>
                        {formatMoney(balance.expiresNext.amount, balance.currency)} on {when(balance.expiresNext.at)}
                      </>
                    ) : (
                      "Nothing"
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-2 text-sm">
            Credit expires 12 months after it arrives; we spend the credit that expires first and email you 30 days before any expires. Marketing credit{" "}
            {marketingCreditLimitText(wallet.balances[0].currency)}.
          </p>

          <h2 className="mt-6 mb-2 text-lg font-bold">Wallet history</h2>
          {wallet.ledger.entries.length === 0 ? (
            <p>
              Nothing yet. Credit arrives here from refunds, <Link to="/giftcard/redeem" className="font-bold text-brand-dark underline">gift cards</Link> and referrals; <Link to="/myaccount/vouchers" className="font-bold text-brand-dark underline">My Vouchers</Link> shows what you can exchange for credit.
            </p>
          ) : (
            <DataTable look="account" caption={`Wallet history, newest first (page ${wallet.ledger.page} of ${wallet.ledger.pageCount})`} columns={["Date", "What", "From", "Amount", "Expires", "Left"]} testId="wallet-ledger">
              {wallet.ledger.entries.map((entry) => (
                <tr key={entry.id} className="border-b border-gray-200 align-top" data-testid="wallet-entry">
                  <td className="py-2 pr-3 whitespace-nowrap">{when(entry.createdAt)}</td>
                  <td className="py-2 pr-3">
                    {entry.description}
                    <span className="block text-xs text-gray-700">{entry.balanceType === "marketing" ? "Marketing credit" : "Refundable credit"}</span>
                  </td>
                  <td className="py-2 pr-3">
                    {entry.source}
                    {entry.voucherPath && (
                      <Link to={entry.voucherPath} className="block font-bold text-brand-dark underline">
                        Voucher<span className="sr-only"> for {entry.description}</span>
                      </Link>
                    )}
                    {entry.orderPath && (
                      <Link to={entry.orderPath} className="block font-bold text-brand-dark underline">
                        Order {entry.orderId}
                      </Link>
                    )}
                  </td>
                  <td className={`py-2 pr-3 font-bold whitespace-nowrap ${amountClass(entry.amount)}`}>{signed(entry.amount, entry.currency)}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">{entry.expiresAt ? when(entry.expiresAt) : ""}</td>
                  <td className="py-2 whitespace-nowrap">{entry.remaining === null ? "" : formatBalance(entry.remaining, entry.currency)}</td>
                </tr>
              ))}
            </DataTable>
          )}
          <Pagination basePath="/myaccount/wallet" page={wallet.ledger.page} pageCount={wallet.ledger.pageCount} />
        </>
      )}
    </section>
  );
}
