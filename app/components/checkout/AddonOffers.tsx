import { useId } from "react";
import { useFetcher } from "react-router";
import { formatMoney } from "../../../lib/money";
import { addonPrice, addonTitle } from "../../../modules/basket/line-pricing";
import { VIP_TERMS_PATH, vipAddonTerms } from "../../../modules/vip/vip-terms";
import { CsrfField } from "../CsrfField";
import { useViewer } from "../viewer";
import type { CheckoutData } from "./types";

type AddonType = "VVE" | "DVP";

const PITCH: Record<AddonType, { heading: string; text: string; add: string; remove: string }> = {
  VVE: {
    heading: "Become a VIP for a year",
    text: "VIP prices and VIP-only deals for a whole year, starting as soon as this order is placed.",
    add: "Add VIP membership",
    remove: "Remove VIP membership",
  },
  DVP: {
    heading: "Protect your vouchers",
    text: "Deal Protection lets you ask for a refund of any unredeemed voucher in this order until 7 days before it expires, and extend a voucher by up to 3 months for free. If you cancel your whole order within 14 days, this fee is refunded too.",
    add: "Add Deal Protection",
    remove: "Remove Deal Protection",
  },
};

function AddonOffer({ type, checkout, csrfToken }: { type: AddonType; checkout: CheckoutData; csrfToken: string }) {
  const fetcher = useFetcher<{ error?: string }>({
    key: `checkout-addon-${type}`,
  });
  const id = useId();
  const currency = checkout.orderSummary.currency;
  const added = checkout.basket.products.some((line) => line.kind === "addon" && line.addonType === type);
  const pitch = PITCH[type];
  const error = fetcher.state === "idle" ? fetcher.data?.error : undefined;
  return (
    <fetcher.Form
      method="post"
      aria-labelledby={id}
      className="flex flex-col gap-2 border-b border-gray-200 py-3 last:border-b-0"
      data-testid={`addon-${type}`}
    >
      <CsrfField token={csrfToken} />
      <input type="hidden" name="intent" value="addon" />
      <input type="hidden" name="addonType" value={type} />
      <input type="hidden" name="change" value={added ? "remove" : "add"} />
      <h3 id={id} className="font-bold">
        {pitch.heading}: {formatMoney(addonPrice(type, currency), currency)}
      </h3>
      <p className="text-sm">{pitch.text}</p>
      {type === "VVE" && (
        // UK consumer law: the price and renewal terms come before the opt-in, which is never pre-selected.
        <p className="text-sm" data-testid="vip-terms">
          {vipAddonTerms(currency)}{" "}
          <a href={VIP_TERMS_PATH} className="font-bold text-brand-dark underline">
            VIP terms and conditions
          </a>
        </p>
      )}
      {added && (
        <p role="status" className="text-sm font-bold text-green-800">
          {addonTitle(type)} is in your order.
        </p>
      )}
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        className={
          added
            ? "self-start text-sm font-bold text-brand-dark underline"
            : "self-start rounded bg-brand px-4 py-2 font-bold text-white hover:bg-brand-dark disabled:opacity-60"
        }
      >
        {added ? pitch.remove : `${pitch.add} (${formatMoney(addonPrice(type, currency), currency)})`}
      </button>
      {error && (
        <p role="alert" className="text-sm font-bold text-alert">
          {error}
        </p>
      )}
    </fetcher.Form>
  );
}

/**
 * Checkout ancillaries (spec §4): a year of VIP (VVE) for shoppers who are not VIP members (guests
 * included: they sign in before paying), and deal protection (DVP) for a basket with vouchers in it.
 * Each is one button that adds or removes it; without JavaScript the buttons post the form.
 */
export function AddonOffers({ checkout, csrfToken }: { checkout: CheckoutData; csrfToken: string }) {
  const viewer = useViewer();
  const hasDeals = checkout.basket.products.some((line) => line.kind === "deal" && line.quantity > 0);
  const vipAdded = checkout.basket.products.some((line) => line.kind === "addon" && line.addonType === "VVE");
  const offers: AddonType[] = [...(!viewer.vipUser || vipAdded ? (["VVE"] as const) : []), ...(hasDeals ? (["DVP"] as const) : [])];
  if (!hasDeals || offers.length === 0) return null;
  return (
    <section aria-labelledby="checkout-extras" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <h2 id="checkout-extras" className="text-xl font-bold">
        Extras
      </h2>
      {offers.map((type) => (
        <AddonOffer key={type} type={type} checkout={checkout} csrfToken={csrfToken} />
      ))}
    </section>
  );
}
