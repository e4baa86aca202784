import { Link } from "react-router";
import { type Currency, formatMoney } from "../../lib/money";
import type { VipEarlyAccessDeal, VipExclusiveOffer, VipHub } from "../../modules/catalog/listing/list-vip-hub";
import { useBrandCurrency, VIP_JOIN_PATH, VIP_TERMS_PATH } from "../vip/vip-offer";
import { DealTile } from "./DealTile";
import { useViewer } from "./viewer";
import { VIP_MAX_EXTRA_DISCOUNT_PERCENT, vipAddonTerms } from "../../modules/vip/vip-terms";

// UK and Irish deals keep the same clock: London's time zone is right for either market.
const untilFormat = new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", timeZone: "Europe/London" });

/**
 * What VIP unlocks and how to join, for anyone who is not a member (guests included: the hub is a
 * shared page, rendered the same for every visitor until the browser knows who is looking); a
 * member sees their membership instead. Price and renewal terms come before the one way to join,
 * which is a button the shopper presses: nothing is ever pre-selected.
 */
function MembershipPanel({ currency }: { currency: Currency }) {
  const viewer = useViewer();
  if (viewer.vipUser) {
    return (
      <section aria-labelledby="vip-member" className="mb-8 rounded-lg bg-black p-5 text-white" data-testid="vip-member-panel">
        <h2 id="vip-member" className="text-xl font-bold">
          You're a VIP member
        </h2>
        <p className="mt-2">VIP prices, VIP-only options and early access below are yours.</p>
        <p className="mt-3">
          <Link to="/myaccount/vip-rewards" className="font-bold text-yellow-300 underline">
            See your savings in My Rewards
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="vip-join" className="mb-8 rounded-lg bg-black p-5 text-white" data-testid="vip-join-panel">
      <h2 id="vip-join" className="text-xl font-bold">
        What VIP unlocks
      </h2>
      <ul className="mt-3 list-inside list-disc space-y-1">
        <li>{`VIP prices: up to an extra ${VIP_MAX_EXTRA_DISCOUNT_PERCENT}% off deals that show a VIP price`}</li>
        <li>VIP-only options you cannot buy without a membership</li>
        <li>Early access: buy new deals before everyone else</li>
        <li>Priority help: we answer VIP members within 24 hours</li>
      </ul>
      <p className="mt-4 font-bold">{vipAddonTerms(currency)}</p>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <Link to={VIP_JOIN_PATH} className="rounded bg-yellow-300 px-5 py-3 font-bold text-black hover:bg-yellow-200">
          Join VIP
        </Link>
        <Link to={VIP_TERMS_PATH} className="font-bold text-yellow-300 underline">
          VIP terms and conditions
        </Link>
      </div>
    </section>
  );
}

export function ExclusiveOffer({ offer }: { offer: VipExclusiveOffer }) {
  const { product, deal } = offer;
  const vipPrice = deal.vipDiscountAllowed && product.vipPrice !== null ? product.vipPrice : null;
  return (
    <li className="flex flex-col gap-2">
      <DealTile deal={deal} eager={false} compact />
      <p className="text-sm">
        <span className="mr-1 rounded bg-black px-1.5 py-0.5 text-xs font-bold text-white">VIP only</span>
        <Link to={offer.href} className="font-bold underline">
          {product.friendlyName}
        </Link>
        {": "}
        {vipPrice !== null ? (
          <>
            <span className="font-bold">{formatMoney(vipPrice, deal.currency)}</span> VIP price <s className="text-gray-700">{formatMoney(product.price, deal.currency)}</s>
          </>
        ) : (
          <span className="font-bold">{formatMoney(product.price, deal.currency)}</span>
        )}
      </p>
    </li>
  );
}

export function EarlyAccess({ early }: { early: VipEarlyAccessDeal }) {
  const until = new Date(early.until);
  return (
    <li className="flex flex-col gap-2">
      <DealTile deal={early.deal} eager={false} compact />
      <p className="text-sm">
        VIP early access until <time dateTime={until.toISOString()}>{untilFormat.format(until)}</time>
      </p>
    </li>
  );
}

export const VIP_ROW_CLASS = "grid grid-cols-2 gap-3 sm:grid-cols-4 md:grid-cols-5 xl:grid-cols-6";

/** The VIP hub's head (/deals/vip): membership, early access and VIP-only options, then the VIP-price deals. */
export function VipHubSections({ hub }: { hub: VipHub }) {
  const currency = useBrandCurrency();
  return (
    <>
      <MembershipPanel currency={currency} />
      <section aria-labelledby="vip-early-access" className="mb-8">
        <h2 id="vip-early-access" className="mb-3 text-xl font-bold">
          Early access for VIP members
        </h2>
        {hub.earlyAccess.length === 0 ? (
          <p>No deals in early access right now: new ones arrive every week.</p>
        ) : (
          <ul className={VIP_ROW_CLASS} aria-label="Early access deals">
            {hub.earlyAccess.map((early) => (
              <EarlyAccess key={early.deal.id} early={early} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="vip-exclusives" className="mb-8">
        <h2 id="vip-exclusives" className="mb-3 text-xl font-bold">
          VIP-only options
        </h2>
        {hub.exclusives.length === 0 ? (
          <p>No VIP-only options right now: check back soon.</p>
        ) : (
          <ul className={VIP_ROW_CLASS} aria-label="VIP-only options">
            {hub.exclusives.map((offer) => (
              <ExclusiveOffer key={offer.deal.id} offer={offer} />
            ))}
          </ul>
        )}
      </section>
      <h2 className="mb-3 text-xl font-bold">VIP prices on these deals</h2>
    </>
  );
}
