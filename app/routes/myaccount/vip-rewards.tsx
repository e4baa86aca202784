import { Link } from "react-router";
import { type Currency, formatBalance, formatMoney } from "../../../lib/money";
import { listVipHub } from "../../../modules/catalog/listing/list-vip-hub";
import { vipSavingsOf } from "../../../modules/vip-rewards/vip-purchases";
import { membershipDates } from "../../../modules/vip-rewards/membership-dates";
import { requireCustomer } from "../../../server/accounts/redirects";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { EarlyAccess, ExclusiveOffer, VIP_ROW_CLASS } from "../../components/VipHub";
import { visitorLocation } from "../../shell/load-shell.server";
import { VIP_HUB_PATH, VIP_JOIN_PATH, VIP_TERMS_PATH } from "../../vip/vip-offer";
import type { Route } from "./+types/vip-rewards";
import { vipAddonTerms } from "../../../modules/vip/vip-terms";

export const meta = accountMeta("My Rewards");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

/** Exclusive deals shown on My Rewards. */
const REWARDS_ROW_SIZE = 4;

/**
 * My Rewards (spec §2 /myaccount/vip-rewards, VIP only): what VIP prices saved so far, the VIP-only
 * options and early access open to the member, and their membership dates. A customer who is not
 * a member gets a page that says so and how to join (not "Page not found"); a former member still
 * sees what VIP saved them. Every brand (docs/decisions/vip-hub.md).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = requireCustomer(context, request);
  const now = context.clock.now();
  const currency = context.brand.currency;
  const [savings, dates] = await Promise.all([vipSavingsOf(context.db, customer.id, currency), membershipDates(context.db, customer.id, now)]);
  const member = customer.vipUser && dates.active;
  const location = member ? await visitorLocation(context, request) : null;
  const hub = location ? await listVipHub(context.db, { countryCode: context.brand.countryCode, locationId: location.id, now, limit: REWARDS_ROW_SIZE }) : null;
  return {
    member,
    currency,
    savings,
    membership: {
      memberSince: dates.memberSince?.toISOString() ?? null,
      periodEnd: dates.periodEnd?.toISOString() ?? null,
      renews: dates.renews,
      trial: dates.trial,
      renewalPrice: dates.renewalPrice,
    },
    hub,
  };
}

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" });
const when = (iso: string) => <time dateTime={iso}>{dateFormat.format(new Date(iso))}</time>;

function NotAMember({ currency, saved }: { currency: Currency; saved: number }) {
  return (
    <section className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200" data-testid="vip-rewards-not-member">
      <h1 className="mb-4 text-2xl font-bold">My Rewards</h1>
      <p className="mb-3 font-bold">My Rewards is for VIP members.</p>
      {saved > 0 && (
        <p className="mb-3">
          As a VIP member you saved <strong>{formatMoney(saved, currency)}</strong>.
        </p>
      )}
      <p className="mb-3">VIP members get VIP prices on deals that show one, VIP-only options, early access to new deals and priority help, and see their savings here.</p>
      <p className="mb-4">{vipAddonTerms(currency)}</p>
      <div className="flex flex-wrap items-center gap-4">
        <Link to={VIP_JOIN_PATH} className="rounded bg-brand px-5 py-3 font-bold text-white hover:bg-brand-dark">
          Join VIP
        </Link>
        <Link to={VIP_HUB_PATH} className="font-bold text-brand-dark underline">
          See the VIP Hub
        </Link>
        <Link to={VIP_TERMS_PATH} className="text-brand-dark underline">
          VIP terms and conditions
        </Link>
      </div>
    </section>
  );
}

export default function VipRewards({ loaderData }: Route.ComponentProps) {
  const { member, currency, savings, membership, hub } = loaderData;
  if (!member) return <NotAMember currency={currency} saved={savings.total} />;
  return (
    <section className="flex flex-col gap-6 rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <h1 className="text-2xl font-bold">My Rewards</h1>
      <section aria-labelledby="vip-savings" className="rounded-lg bg-black p-5 text-white">
        <h2 id="vip-savings" className="text-lg font-bold">
          Your VIP savings so far
        </h2>
        <p className="mt-2 text-3xl font-bold" data-testid="vip-savings">
          {formatBalance(savings.total, currency)}
        </p>
        <p className="mt-1">{savings.orders === 0 ? "Buy a deal with a VIP price to start saving." : `Across ${savings.orders} ${savings.orders === 1 ? "order" : "orders"}.`}</p>
      </section>
      <section aria-labelledby="vip-membership">
        <h2 id="vip-membership" className="mb-2 text-lg font-bold">
          Your membership
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2" data-testid="vip-membership">
          <dt className="font-bold">Member since</dt>
          <dd>{membership.memberSince ? when(membership.memberSince) : "Not recorded"}</dd>
          <dt className="font-bold">{membership.trial ? "Free trial ends" : "Current period ends"}</dt>
          <dd>{membership.periodEnd ? when(membership.periodEnd) : "No end date"}</dd>
          {membership.periodEnd && (
            <>
              <dt className="font-bold">{membership.renews ? "Renews" : "Ends"}</dt>
              <dd>
                {membership.renews
                  ? `Renews on ${dateFormat.format(new Date(membership.periodEnd))}${membership.renewalPrice !== null ? ` at ${formatMoney(membership.renewalPrice, currency)}` : ""}; we email you before.`
                  : `Ends on ${dateFormat.format(new Date(membership.periodEnd))}: it does not renew.`}
              </dd>
            </>
          )}
        </dl>
        <p className="mt-3">
          <Link to="/myaccount/subscriptions" className="font-bold text-brand-dark underline">
            Manage renewal in My Subscriptions
          </Link>
        </p>
      </section>
      {hub && (
        <section aria-labelledby="vip-exclusive-deals">
          <h2 id="vip-exclusive-deals" className="mb-3 text-lg font-bold">
            Exclusive deals for you
          </h2>
          {hub.exclusives.length + hub.earlyAccess.length === 0 ? (
            <p>No VIP-only options or early access right now: check back soon.</p>
          ) : (
            <ul className={VIP_ROW_CLASS} aria-label="Exclusive deals">
              {hub.earlyAccess.map((early) => (
                <EarlyAccess key={`early-${early.deal.id}`} early={early} />
              ))}
              {hub.exclusives.map((offer) => (
                <ExclusiveOffer key={`only-${offer.deal.id}`} offer={offer} />
              ))}
            </ul>
          )}
          <p className="mt-3">
            <Link to={VIP_HUB_PATH} className="font-bold text-brand-dark underline">
              Everything in the VIP Hub
            </Link>
          </p>
        </section>
      )}
    </section>
  );
}
