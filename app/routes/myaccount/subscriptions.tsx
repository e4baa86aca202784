import { data, Form, useNavigation } from "react-router";
import { formatMoney } from "../../../lib/money";
import { isSubscribed, setNewsletterSubscription } from "../../../modules/accounts/newsletter";
import { PAYMENT_DECLINES } from "../../../modules/payments/errors";
import { listInstruments } from "../../../modules/payments/instruments";
import { lookupVipStatus, membershipCard, type MembershipCard } from "../../../modules/vip/membership";
import { VipMembershipError } from "../../../modules/vip/membership-errors";
import { cancelRenewal, resumeRenewal } from "../../../modules/vip/renewal-settings";
import { payRenewal } from "../../../modules/vip/renew-membership";
import { startFreeTrial } from "../../../modules/vip/start-free-trial";
import { renewalCancelledMessage, VIP_TERMS_PATH, VIP_TRIAL_DAYS, vipDate, vipRenewalTerms, vipTrialTerms } from "../../../modules/vip/vip-terms";
import { requireCustomer } from "../../../server/accounts/redirects";
import { shownError } from "../../../server/errors";
import { renewalServices, shopperActor } from "../../../server/vip/membership-services";
import { accountMeta } from "../../accounts/meta";
import { formText, PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { CsrfField } from "../../components/CsrfField";
import { ErrorSummary } from "../../components/ErrorSummary";
import { FocusedMessage } from "../../components/vouchers/AfterSale";
import type { Route } from "./+types/subscriptions";

export const meta = accountMeta("My Subscriptions");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

/**
 * My Subscriptions (spec §2): the VIP membership (status, price, period, next renewal or end, the
 * card renewals charge) with one-click "Cancel renewal", turning renewal back on, paying in RENEW
 * and the free trial; and the deals newsletter. Signed-in only; euro on the Irish brands.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = requireCustomer(context, request);
  const now = context.clock.now();
  const brand = context.brand.id;
  const [membership, instruments, newsletter] = await Promise.all([
    lookupVipStatus(context.db, { customerId: customer.id, now, actor: shopperActor(customer.id) }),
    listInstruments(context.db, customer.id),
    isSubscribed(context.db, brand, customer.email),
  ]);
  const day = (value: Date | null) => (value ? vipDate(value, brand) : null);
  const price = formatMoney(membership.price, membership.currency);
  return {
    csrfToken: context.session.csrfToken(),
    email: customer.email,
    newsletter,
    vip: {
      status: membership.status,
      member: membership.member,
      trial: membership.trial,
      renewing: membership.renewsAt !== null,
      price,
      memberSince: day(membership.memberSince),
      periodStart: day(membership.periodStart),
      periodEnd: day(membership.periodEnd),
      renewsOn: day(membership.renewsAt),
      chargedOn: day(membership.renewalChargeAt),
      endsOn: day(membership.endsAt),
      hasEnd: membership.periodEnd !== null,
      failure: membership.lastRenewalFailure,
      card: membership.card,
      trialAvailable: membership.trialAvailable,
    },
    // Spec §5: only cards flagging allowSubscription as true can pay a subscription.
    cards: instruments.filter((instrument) => instrument.allowSubscription === true).map(membershipCard),
    terms: { renewal: vipRenewalTerms(membership.currency), trial: vipTrialTerms(membership.currency) },
  };
}

type ActionAnswer = { ok: true; intent: string; title: string; message: string } | { ok: false; intent: string; message: string; cardField: boolean };

const CARD_ERRORS = new Set(["CARD_REQUIRED", "SUBSCRIPTION_NOT_ALLOWED"]);

export async function action({ request, context }: Route.ActionArgs) {
  const customer = requireCustomer(context, request);
  const form = await request.formData();
  const intent = formText(form, "intent");
  const now = context.clock.now();
  const actor = shopperActor(customer.id);
  const idText = formText(form, "instrumentId");
  const instrumentId = /^\d{1,9}$/.test(idText) ? Number(idText) : null;
  const done = (title: string, message: string) => ({ ok: true as const, intent, title, message });
  try {
    switch (intent) {
      case "cancel-renewal": {
        const { membership } = await cancelRenewal(context.db, { customerId: customer.id, now, actor, linkOrigin: context.publicOrigin });
        return done("Renewal cancelled", renewalCancelledMessage(membership.periodEnd, context.brand.id));
      }
      case "resume-renewal": {
        const membership = await resumeRenewal(context.db, { customerId: customer.id, instrumentId, now, actor, linkOrigin: context.publicOrigin });
        const renewsOn = membership.renewsAt ? vipDate(membership.renewsAt, context.brand.id) : "";
        return done("Renewal is back on", `Your VIP membership renews on ${renewsOn} at ${formatMoney(membership.price, membership.currency)} a year. We'll email you a reminder before then.`);
      }
      case "start-trial": {
        const membership = await startFreeTrial(context.db, { customerId: customer.id, instrumentId, now, actor, linkOrigin: context.publicOrigin });
        const endsOn = membership.periodEnd ? vipDate(membership.periodEnd, context.brand.id) : "";
        return done("Your free VIP trial has started", `You're a VIP until ${endsOn}, free. Nothing is charged before then, and you can cancel renewal here at any time.`);
      }
      case "pay-renewal": {
        const paid = await payRenewal(context.db, renewalServices(context), { customerId: customer.id, instrumentId, now, actor });
        if (!paid.ok) {
          const message = PAYMENT_DECLINES[paid.decline ?? "INVALID_PAYMENT_DETAILS"].message;
          return data<ActionAnswer>({ ok: false, intent, message, cardField: true }, { status: 402 });
        }
        const endsOn = paid.membership.periodEnd ? vipDate(paid.membership.periodEnd, context.brand.id) : "";
        return done("Thank you: your VIP membership is renewed", `You're a VIP until ${endsOn}.`);
      }
      case "newsletter": {
        const subscribed = formText(form, "subscribed") === "true";
        await setNewsletterSubscription(context.db, context.clock, { brand: context.brand.id, email: customer.email, subscribed, linkOrigin: context.publicOrigin });
        return done(subscribed ? "Subscribed" : "Unsubscribed", subscribed ? "You'll get our deals newsletter by email." : "You won't get our deals newsletter any more.");
      }
      default:
        return data<ActionAnswer>({ ok: false, intent, message: "Unsupported action", cardField: false }, { status: 400 });
    }
  } catch (error) {
    const shown = shownError(error);
    const cardField = error instanceof VipMembershipError && CARD_ERRORS.has(error.code);
    return data<ActionAnswer>({ ok: false, intent, message: shown.message, cardField }, { status: shown.status });
  }
}

const cardLabel = (card: MembershipCard) => {
  const expiry = card.expiryMonth && card.expiryYear ? ` (expires ${String(card.expiryMonth).padStart(2, "0")}/${String(card.expiryYear).slice(-2)})` : "";
  return `${card.cardType ?? "Card"} ending ${card.last4 ?? "····"}${expiry}`;
};

const CARD_FIELD_ID = "subscription-card";

/** The saved cards that allow subscription, to choose the one renewals (or this payment) charge. */
function CardChoice({ cards, selected, legend }: { cards: readonly MembershipCard[]; selected: number | null; legend: string }) {
  const initial = cards.some((card) => card.id === selected) ? selected : cards[0]?.id;
  return (
    <fieldset className="mb-3">
      <legend className="mb-1 font-bold">{legend}</legend>
      {cards.map((card, index) => (
        <label key={card.id} className="mb-1 flex items-center gap-2">
          <input
            type="radio"
            name="instrumentId"
            value={card.id}
            defaultChecked={card.id === initial}
            id={index === 0 ? CARD_FIELD_ID : undefined}
            className="h-5 w-5"
          />
          {cardLabel(card)}
        </label>
      ))}
    </fieldset>
  );
}

const primaryButton = "rounded bg-brand px-5 py-3 font-bold text-white hover:bg-brand-dark focus-visible:outline focus-visible:outline-4 focus-visible:outline-yellow-400 disabled:opacity-70";
const secondaryButton =
  "rounded border-2 border-brand-dark px-5 py-2 font-bold text-brand-dark hover:bg-gray-100 focus-visible:outline focus-visible:outline-4 focus-visible:outline-yellow-400 disabled:opacity-70";

function NoSubscriptionCard({ action }: { action: string }) {
  return (
    <p className="mb-3 rounded border border-gray-300 bg-gray-50 px-4 py-3">
      {`To ${action}, you need a card saved with us: tick "Save this card for next time" when you next pay by card at checkout.`}
    </p>
  );
}

export default function MySubscriptions({ loaderData, actionData }: Route.ComponentProps) {
  const { vip, cards, terms, csrfToken, newsletter } = loaderData;
  const busy = useNavigation().state !== "idle";
  const failure = actionData && !actionData.ok ? actionData : null;
  const success = actionData && actionData.ok ? actionData : null;
  const statusLine = !vip.member
    ? "You're not a VIP member."
    : vip.status === "RENEW"
      ? `Your renewal payment didn't go through. You're a VIP until ${vip.periodEnd}.`
      : vip.trial
        ? `Free trial until ${vip.periodEnd}.`
        : vip.hasEnd
          ? `Active until ${vip.periodEnd}.`
          : "Active, with no end date.";

  return (
    <section className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <h1 className="mb-4 text-2xl font-bold">My Subscriptions</h1>
      {success && (
        <FocusedMessage key={`${success.intent}:${success.message}`} kind="success" title={success.title}>
          <p>{success.message}</p>
        </FocusedMessage>
      )}
      {failure && <ErrorSummary errors={[{ fieldId: failure.cardField && cards.length > 0 ? CARD_FIELD_ID : "vip-membership", message: failure.message }]} />}

      <section aria-labelledby="vip-membership" className="mb-8" data-testid="vip-membership">
        <h2 id="vip-membership" tabIndex={-1} className="mb-2 text-xl font-bold">
          VIP membership
        </h2>
        <p className="mb-3 font-bold" data-testid="vip-status">
          {statusLine}
        </p>
        <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
          <dt className="font-bold">Status</dt>
          <dd>{vip.status}</dd>
          <dt className="font-bold">Price</dt>
          <dd>{`${vip.price} a year`}</dd>
          {vip.memberSince && (
            <>
              <dt className="font-bold">Member since</dt>
              <dd>{vip.memberSince}</dd>
            </>
          )}
          {vip.member && vip.periodStart && vip.periodEnd && (
            <>
              <dt className="font-bold">{vip.trial ? "Free trial" : "Current period"}</dt>
              <dd>{`${vip.periodStart} to ${vip.periodEnd}`}</dd>
            </>
          )}
          {vip.renewsOn && (
            <>
              <dt className="font-bold">Next renewal</dt>
              <dd data-testid="vip-renews-on">{`${vip.renewsOn} (${vip.price}, charged from ${vip.chargedOn})`}</dd>
            </>
          )}
          {vip.endsOn && (
            <>
              <dt className="font-bold">Ends on</dt>
              <dd data-testid="vip-ends-on">{`${vip.endsOn} (${vip.status === "RENEW" ? "unless you pay for the next year" : "does not renew"})`}</dd>
            </>
          )}
          {vip.member && vip.card && (
            <>
              <dt className="font-bold">Renewals charged to</dt>
              <dd>{cardLabel(vip.card)}</dd>
            </>
          )}
        </dl>

        {vip.member && vip.renewing && (
          <Form method="post">
            <CsrfField token={csrfToken} />
            <input type="hidden" name="intent" value="cancel-renewal" />
            <p className="mb-3">{`One click: nothing more is charged, and you stay a VIP until ${vip.periodEnd}.`}</p>
            <button type="submit" disabled={busy} className={primaryButton}>
              Cancel renewal
            </button>
          </Form>
        )}

        {vip.member && vip.status === "ACTIVE" && !vip.renewing && vip.hasEnd && (
          <div>
            <h3 className="mb-2 text-lg font-bold">{`Keep VIP after ${vip.periodEnd}`}</h3>
            {cards.length === 0 ? (
              <NoSubscriptionCard action="turn renewal on" />
            ) : (
              <Form method="post">
                <CsrfField token={csrfToken} />
                <input type="hidden" name="intent" value="resume-renewal" />
                <p className="mb-3">{terms.renewal}</p>
                <CardChoice cards={cards} selected={vip.card?.id ?? null} legend="Charge renewals to" />
                <button type="submit" disabled={busy} className={secondaryButton}>
                  Turn renewal back on
                </button>
              </Form>
            )}
          </div>
        )}

        {vip.member && vip.status === "RENEW" && (
          <div>
            <h3 className="mb-2 text-lg font-bold">Pay for your next VIP year</h3>
            <p className="mb-3">
              {vip.failure && vip.failure in PAYMENT_DECLINES ? `${PAYMENT_DECLINES[vip.failure as keyof typeof PAYMENT_DECLINES].message} ` : ""}
              {`Pay ${vip.price} now to stay a VIP for another year after ${vip.periodEnd}. Otherwise your membership ends then, and you can join again by adding VIP at checkout.`}
            </p>
            {cards.length === 0 ? (
              <NoSubscriptionCard action="pay here" />
            ) : (
              <Form method="post">
                <CsrfField token={csrfToken} />
                <input type="hidden" name="intent" value="pay-renewal" />
                <CardChoice cards={cards} selected={vip.card?.id ?? null} legend="Pay with" />
                <button type="submit" disabled={busy} className={primaryButton}>
                  {`Pay ${vip.price} now`}
                </button>
              </Form>
            )}
          </div>
        )}

        {!vip.member && vip.trialAvailable && (
          <div>
            <h3 className="mb-2 text-lg font-bold">{`Try VIP free for ${VIP_TRIAL_DAYS} days`}</h3>
            <p className="mb-3">VIP prices on every deal that has them, VIP-only deals and early access.</p>
            {cards.length === 0 ? (
              <NoSubscriptionCard action="start a free trial" />
            ) : (
              <Form method="post">
                <CsrfField token={csrfToken} />
                <input type="hidden" name="intent" value="start-trial" />
                <p className="mb-3" data-testid="vip-trial-terms">
                  {terms.trial}{" "}
                  <a href={VIP_TERMS_PATH} className="font-bold text-brand-dark underline">
                    VIP terms and conditions
                  </a>
                </p>
                <CardChoice cards={cards} selected={null} legend="Card for after the trial" />
                <button type="submit" disabled={busy} className={secondaryButton}>
                  {`Start my free ${VIP_TRIAL_DAYS}-day trial`}
                </button>
              </Form>
            )}
          </div>
        )}

        {!vip.member && !vip.trialAvailable && <p>{`Join again any time: add VIP membership (${vip.price} a year) to your next order at checkout.`}</p>}
      </section>

      <section aria-labelledby="newsletter-subscription" data-testid="newsletter-subscription">
        <h2 id="newsletter-subscription" className="mb-2 text-xl font-bold">
          Deals newsletter
        </h2>
        <p className="mb-3">{newsletter ? `You get our deals newsletter at ${loaderData.email}.` : "You don't get our deals newsletter."}</p>
        <Form method="post">
          <CsrfField token={csrfToken} />
          <input type="hidden" name="intent" value="newsletter" />
          <input type="hidden" name="subscribed" value={newsletter ? "false" : "true"} />
          <button type="submit" disabled={busy} className={secondaryButton}>
            {newsletter ? "Unsubscribe" : "Subscribe"}
          </button>
        </Form>
      </section>
    </section>
  );
}
