import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { marketTimeZone } from "../../../lib/market-time";
import { type Currency, formatBalance, formatMoney } from "../../../lib/money";
import { REFERRAL_REFUND_WINDOW_DAYS, type ReferralVoidReason } from "../../../modules/referrals/first-order";
import { referralSummary, type ReferralView } from "../../../modules/referrals/referral-summary";
import { marketingCreditLimitText } from "../../../modules/wallet/plan-wallet-use";
import { WALLET_CREDIT_VALIDITY_MONTHS } from "../../../modules/wallet/wallet";
import { requireCustomer } from "../../../server/accounts/redirects";
import { REFERRAL_COOKIE_DAYS, referralPath } from "../../../server/referrals/referral-link";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { FIELD_INPUT_CLASS } from "../../components/LabelledField";
import { PageHeading } from "../../components/PageHeading";
import { apiFetch } from "../../visitor-session";
import type { Route } from "./+types/refer-a-friend";
import { DataTable } from "../../components/DataTable";

export const meta = accountMeta("Refer a Friend");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

/**
 * Refer a Friend (spec §2 /myaccount/refer-a-friend): the customer's invitation link on the
 * brand's public origin with share buttons, the friends who signed up and their rewards, and the
 * terms as they really are (docs/decisions/refer-a-friend.md). Every brand answers it; the account
 * menu lists it on the Wowcher brands.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = requireCustomer(context, request);
  const summary = await referralSummary(context.db, customer, context.clock.now());
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    brandName: context.brand.displayName,
    timeZone: marketTimeZone(context.brand.countryCode),
    shareUrl: `${context.publicOrigin}${referralPath(summary.code)}`,
    shares: summary.shares,
    opens: summary.opens,
    reward: summary.rewardAmount,
    currency: summary.currency,
    earned: summary.earned,
    referrals: summary.referrals.map((view) => ({ ...view, signedUpAt: view.signedUpAt.toISOString(), qualifiesAt: iso(view.qualifiesAt), rewardedAt: iso(view.rewardedAt) })),
    // The rules' numbers, from the code that applies them (server-only modules: the page gets the values).
    terms: { cookieDays: REFERRAL_COOKIE_DAYS, refundWindowDays: REFERRAL_REFUND_WINDOW_DAYS, creditValidityMonths: WALLET_CREDIT_VALIDITY_MONTHS },
  };
}

type Terms = Awaited<ReturnType<typeof loader>>["terms"];

type Channel = "email" | "whatsapp" | "facebook" | "x" | "copy";
type Friend = Omit<ReferralView, "signedUpAt" | "qualifiesAt" | "rewardedAt"> & { signedUpAt: string; qualifiesAt: string | null; rewardedAt: string | null };

const VOID_TEXT: Record<ReferralVoidReason, string> = {
  FIRST_ORDER_REFUNDED: "No reward: their first order was refunded",
  DUPLICATE_ACCOUNT: "No reward: their first order went to an address you have used, so it looks like an account of your own",
  REFERRER_CLOSED: "No reward",
};

function statusText(friend: Friend, date: (iso: string) => string): string {
  const amount = (value: number | null) => formatMoney(value ?? 0, friend.currency);
  switch (friend.status) {
    case "SIGNED_UP":
      return "Signed up: waiting for their first order";
    case "QUALIFYING":
      return `Ordered: your reward is due from ${friend.qualifiesAt ? date(friend.qualifiesAt) : "the end of their refund period"} if their order isn't refunded`;
    case "REWARDED":
      return `You earned ${amount(friend.rewardAmount)}${friend.rewardedAt ? ` on ${date(friend.rewardedAt)}` : ""}`;
    case "VOID":
      return VOID_TEXT[friend.voidReason ?? "REFERRER_CLOSED"];
  }
}

/** The share targets, each a plain link (no JavaScript needed); pressing one also counts a share. */
function shareLinks(brandName: string, url: string) {
  const text = `Join me on ${brandName} for great deals on things to do, places to eat and getaways. Sign up with my invitation link:`;
  const encoded = encodeURIComponent;
  return [
    { channel: "email" as const, label: "Email", href: `mailto:?subject=${encoded(`An invitation to ${brandName}`)}&body=${encoded(`${text} ${url}`)}`, newTab: false },
    { channel: "whatsapp" as const, label: "WhatsApp", href: `https://wa.me/?text=${encoded(`${text} ${url}`)}`, newTab: true },
    { channel: "facebook" as const, label: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${encoded(url)}`, newTab: true },
    { channel: "x" as const, label: "X", href: `https://x.com/intent/post?text=${encoded(text)}&url=${encoded(url)}`, newTab: true },
  ];
}

const BUTTON_CLASS = "inline-block rounded px-4 py-2 font-bold text-brand-dark ring-1 ring-brand hover:bg-gray-50 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-yellow-400";

function ShareBox({ brandName, shareUrl, shares, opens }: { brandName: string; shareUrl: string; shares: number; opens: number }) {
  const [count, setCount] = useState(shares);
  const [hydrated, setHydrated] = useState(false);
  const [copied, setCopied] = useState("");
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => setHydrated(true), []);

  const countShare = (channel: Channel) => {
    apiFetch("/v1/user/raf/stat/share", { method: "POST", json: { channel } })
      .then(async (response) => {
        if (response.ok) setCount(((await response.json()) as { shares: number }).shares);
      })
      .catch(() => {
        // Counting is best effort: the share itself has happened.
      });
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shareUrl);
      setCopied("Link copied. Paste it anywhere to share it.");
      countShare("copy");
    } catch {
      input.current?.select();
      setCopied("Your link is selected: copy it with your keyboard or menu.");
    }
  };

  return (
    <section aria-labelledby="raf-link-heading" className="mt-6">
      <h2 id="raf-link-heading" className="mb-2 text-lg font-bold">
        Your invitation link
      </h2>
      <label htmlFor="raf-share-link" className="mb-1 block font-bold">
        Your personal link
      </label>
      <div className="flex flex-wrap gap-2">
        <input ref={input} id="raf-share-link" readOnly value={shareUrl} className={`${FIELD_INPUT_CLASS} min-w-0 flex-1`} onFocus={(event) => event.currentTarget.select()} />
        {hydrated && (
          <button type="button" onClick={copy} className="rounded bg-brand px-4 py-2 font-bold text-white hover:bg-brand-dark focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-yellow-400">
            Copy link
          </button>
        )}
      </div>
      <p role="status" className="mt-1 min-h-6 text-sm font-bold text-green-800">
        {copied}
      </p>
      <h3 className="mt-3 mb-2 font-bold">Share it</h3>
      <ul className="flex flex-wrap gap-2">
        {shareLinks(brandName, shareUrl).map((link) => (
          <li key={link.channel}>
            <a
              href={link.href}
              className={BUTTON_CLASS}
              onClick={() => countShare(link.channel)}
              {...(link.newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}
            >
              {link.channel === "email" ? "Share by email" : `Share on ${link.label}`}
              {link.newTab && <span className="sr-only"> (opens in a new tab)</span>}
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm" data-testid="raf-counters">
        Shared {count} {count === 1 ? "time" : "times"} · Opened {opens} {opens === 1 ? "time" : "times"}
      </p>
    </section>
  );
}

function TermsList({ brandName, reward, currency, terms }: { brandName: string; reward: string; currency: Currency; terms: Terms }) {
  return (
    <section aria-labelledby="raf-terms-heading" className="mt-8">
      <h2 id="raf-terms-heading" className="mb-2 text-lg font-bold">
        How it works
      </h2>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          Your friend must be new to {brandName} and sign up through your link (their device remembers it for {terms.cookieDays} days). Existing customers can't be
          referred, but they can invite their own friends.
        </li>
        <li>
          You earn {reward} once per friend, after their first order with a deal has passed its {`${terms.refundWindowDays}-day`} refund period without being refunded or
          exchanged for credit.
        </li>
        <li>You can't refer yourself: a second account with your email address, or a first order sent to an address you have used, earns no reward.</li>
        <li>
          The reward is marketing credit in your <Link to="/myaccount/wallet" className="font-bold text-brand-dark underline">wallet</Link>: it is valid for{" "}
          {terms.creditValidityMonths} months and {marketingCreditLimitText(currency)}. It can't be exchanged for cash.
        </li>
        <li>There is no limit to how many friends you can invite.</li>
      </ul>
    </section>
  );
}

export default function ReferAFriend({ loaderData }: Route.ComponentProps) {
  const { brandName, timeZone, shareUrl, shares, opens, currency, earned, referrals } = loaderData;
  const reward = formatMoney(loaderData.reward, currency);
  const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone });
  const date = (iso: string) => dateFormat.format(new Date(iso));
  return (
    <section className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <PageHeading>Refer a Friend</PageHeading>
      <p className="text-lg">
        Invite your friends to {brandName}. When a friend who is new to {brandName} signs up through your link and buys their first deal, you get{" "}
        <strong>{reward} wallet credit</strong> once their order's {`${loaderData.terms.refundWindowDays}-day`} refund period has passed.
      </p>

      <ShareBox brandName={brandName} shareUrl={shareUrl} shares={shares} opens={opens} />

      <section aria-labelledby="raf-friends-heading" className="mt-8">
        <h2 id="raf-friends-heading" className="mb-2 text-lg font-bold">
          Your friends
        </h2>
        <p className="mb-2" data-testid="raf-earned">
          You have earned {formatBalance(earned, currency)} so far.
        </p>
        {referrals.length === 0 ? (
          <p>No friends have signed up through your link yet.</p>
        ) : (
          <DataTable look="account" caption="Friends who signed up through your link, newest first" columns={["Friend", "Signed up", "Reward"]}>
            {referrals.map((friend) => (
              <tr key={friend.id} className="border-b border-gray-200 align-top" data-testid="raf-friend">
                <th scope="row" className="py-2 pr-3 font-bold">{friend.friendName}</th>
                <td className="py-2 pr-3 whitespace-nowrap">{date(friend.signedUpAt)}</td>
                <td className="py-2">{statusText(friend, date)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>

      <TermsList brandName={brandName} reward={reward} currency={currency} terms={loaderData.terms} />
    </section>
  );
}
