import { useFetcher } from "react-router";
import { formatMoney } from "../../../lib/money";
import { CsrfField } from "../CsrfField";
import type { CheckoutData } from "./types";

/** Wallet credit towards the order, for a customer who has some (refundable and marketing credit). */
export function WalletCredit({ checkout, csrfToken }: { checkout: CheckoutData; csrfToken: string }) {
  const fetcher = useFetcher({ key: "checkout-wallet" });
  const balance = checkout.userInfo.paymentOptions.creditBalances.find((credit) => credit.currency === checkout.orderSummary.currency);
  const available = balance ? balance.refundableBalance + balance.marketingBalance : 0;
  if (!balance || available <= 0) return null;
  const applied = checkout.wallet.applied;
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-center gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <CsrfField token={csrfToken} />
      <input type="hidden" name="intent" value="wallet" />
      <input type="hidden" name="applyCredit" value={applied ? "false" : "true"} />
      <p>
        Your wallet: <span className="font-bold">{formatMoney(available, balance.currency)}</span>
        {applied && checkout.orderSummary.walletAmountUsed > 0 && <> ({formatMoney(checkout.orderSummary.walletAmountUsed, balance.currency)} used on this order)</>}
      </p>
      <button type="submit" disabled={fetcher.state !== "idle"} className="rounded px-3 py-1 font-bold text-brand-dark ring-1 ring-brand">
        {applied ? "Stop using wallet credit" : "Use my wallet credit"}
      </button>
    </fetcher.Form>
  );
}
