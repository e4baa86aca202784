import { useEffect, useRef, useState } from "react";
import { useFetchers, useNavigation } from "react-router";
import { formatMoney } from "../../../lib/money";
import { CHECKOUT_MESSAGES } from "../../../modules/checkout/messages";
import { vipCheckoutRenewal } from "../../../modules/vip/vip-terms";
import { loadVisitorSession } from "../../visitor-session";
import { AccountFormMessage } from "../AccountField";
import { AddonOffers } from "./AddonOffers";
import { DetailsForm, type DetailsErrors } from "./DetailsForm";
import { InlineSignIn } from "./InlineSignIn";
import { ComplementaryDeals } from "../ComplementaryDeals";
import { OrderSummary } from "./OrderSummary";
import { PaymentSection } from "./PaymentSection";
import { PromoCodeForm } from "./PromoCodeForm";
import { ReservationNotice } from "./ReservationNotice";
import { PassengerDetails } from "./TravelCheckout";
import type { CheckoutPageData, DeliveryDetails } from "./types";
import { usePlaceOrder } from "./use-place-order";
import { useReservation } from "./use-reservation";
import { WalletCredit } from "./WalletCredit";

const STATUS_TEXT = { UPDATING: "Updating your basket…", REFRESHING: "Refreshing your basket…" } as const;

/**
 * /checkout/{basketToken}: order summary with the reservation countdown, 'Your Details' (sign in
 * or register, then name and address), promo code, wallet credit and card payment. Status (spec
 * §4): READY; UPDATING while a change is saved; REFRESHING, then REFRESHED, when the reservation
 * is renewed.
 */
export function CheckoutPage({ checkout, csrfToken, customer, irish, restartedMessage, returnedProblem, previousAddresses }: CheckoutPageData) {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const lines = checkout.basket.products.filter((line) => line.quantity > 0);
  const reservation = useReservation(checkout.countdown, lines.length > 0, csrfToken);

  // Prefilled from the account's address, else the latest order's; typed values are never overwritten.
  const known = (): DeliveryDetails => {
    const saved = customer?.address.addressLine1 ? customer.address : (previousAddresses[0] ?? null);
    return {
      firstName: customer?.firstName ?? "",
      lastName: customer?.lastName ?? "",
      addressLine1: saved?.addressLine1 ?? "",
      addressLine2: saved?.addressLine2 ?? "",
      city: saved?.city ?? "",
      postcode: saved?.postcode ?? "",
    };
  };
  const [details, setDetails] = useState<DeliveryDetails>(known);
  const [detailsOf, setDetailsOf] = useState(customer?.email ?? null);
  const arrivedAs = useRef(customer?.email ?? null);
  useEffect(() => {
    // Signed in on this page: the header and the CSRF token follow the new session.
    if (detailsOf && detailsOf !== arrivedAs.current) {
      loadVisitorSession(true).catch(() => {});
      // The sign-in form the focus was in is gone: the focus goes to what replaced it ("Signed in as …").
      document.getElementById("checkout-signed-in")?.focus();
    }
  }, [detailsOf]);
  if (customer && detailsOf !== customer.email) {
    // Signing in inline fills in what the account already knows.
    setDetailsOf(customer.email);
    const fromAccount = known();
    setDetails((current) => {
      const merged = { ...current };
      for (const key of Object.keys(merged) as (keyof DeliveryDetails)[]) merged[key] = current[key] || fromAccount[key];
      return merged;
    });
  }
  const [detailsErrors, setDetailsErrors] = useState<DetailsErrors>({});
  const { pay, paying, problem } = usePlaceOrder({ basketToken: checkout.token, details, irish, onDetailsErrors: setDetailsErrors, returnedProblem });

  const saving = fetchers.some((fetcher) => fetcher.state !== "idle" && fetcher.key !== "checkout-refresh") || navigation.state === "submitting";
  const status = reservation.phase === "REFRESHING" ? "REFRESHING" : reservation.phase === "REFRESHED" ? "REFRESHED" : saving ? "UPDATING" : "READY";
  const summary = checkout.orderSummary;

  const blockedReason =
    lines.length === 0
      ? "Your basket is empty."
      : !customer
        ? CHECKOUT_MESSAGES.SIGN_IN_REQUIRED
        : !checkout.canCheckout
          ? (checkout.problems[0]?.message ?? null)
          : null;

  return (
    <div className="flex flex-col gap-6" data-status={status}>
      <h1 className="text-3xl font-bold">Checkout</h1>
      <AccountFormMessage error={restartedMessage ?? undefined} />
      <p role="status" className="sr-only">
        {status === "UPDATING" || status === "REFRESHING" ? STATUS_TEXT[status] : ""}
      </p>
      <ReservationNotice phase={reservation.phase} remainingMs={reservation.remainingMs} allHeld={reservation.allHeld} csrfToken={csrfToken} onRefresh={reservation.refreshNow} />
      {/* On a phone the order summary comes before the card form (collapsible); from lg it sits beside both. */}
      <div className="grid gap-6 lg:grid-cols-[1fr_28.5rem] lg:grid-rows-[auto_1fr]">
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-1">
          <section id="your-details" aria-labelledby="your-details-title" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
            <h2 id="your-details-title" className="mb-2 text-xl font-bold">
              Your Details
            </h2>
            {customer ? (
              <>
                <p id="checkout-signed-in" tabIndex={-1} className="mb-3">
                  Signed in as <span className="font-bold">{customer.email}</span>
                </p>
                <DetailsForm
                  details={details}
                  errors={detailsErrors}
                  irish={irish}
                  previous={previousAddresses}
                  onChange={(name, value) => {
                    setDetails((current) => ({ ...current, [name]: value }));
                    setDetailsErrors((current) => ({ ...current, [name]: undefined }));
                  }}
                />
              </>
            ) : (
              <InlineSignIn csrfToken={csrfToken} />
            )}
          </section>
          {lines
            .filter((line) => line.checkInDate && line.checkOutDate && line.guests)
            .map((line) => (
              <PassengerDetails key={line.id} line={line} csrfToken={csrfToken} />
            ))}
        </div>
        <details open className="group min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-1" data-testid="order-summary-toggle">
          <summary className="mb-3 flex cursor-pointer items-center justify-between rounded-lg bg-white px-4 py-3 font-bold shadow-sm ring-1 ring-gray-200 lg:hidden">
            <span>
              <span className="group-open:hidden">Show your order</span>
              <span className="hidden group-open:inline">Hide your order</span>
            </span>
            <span>{formatMoney(summary.amountToPay, summary.currency)}</span>
          </summary>
          <div className="flex flex-col gap-6">
            <OrderSummary checkout={checkout} csrfToken={csrfToken} />
            <AddonOffers checkout={checkout} csrfToken={csrfToken} />
            <PromoCodeForm applied={checkout.promoCode} signedIn={customer !== null} csrfToken={csrfToken} />
            {customer && <WalletCredit checkout={checkout} csrfToken={csrfToken} />}
          </div>
        </details>
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-2">
          <PaymentSection
            basketToken={checkout.token}
            methods={checkout.userInfo.paymentOptions.availableMethods}
            amountLabel={formatMoney(summary.amountToPay, summary.currency)}
            needsCard={summary.amountToPay > 0}
            blockedReason={blockedReason}
            busy={paying}
            problem={problem}
            defaultPostalCode={details.postcode}
            savedCards={checkout.userInfo.paymentOptions.paymentInstruments.filter((instrument) => instrument.type === "card")}
            vipRenewal={lines.some((line) => line.kind === "addon" && line.addonType === "VVE") ? vipCheckoutRenewal(summary.currency) : null}
            onPay={(payment, showCardErrors) => void pay(payment, showCardErrors)}
          />
        </div>
      </div>
      <ComplementaryDeals
        dealIds={lines.flatMap((line) => (line.kind === "deal" && line.dealId !== null ? [line.dealId] : []))}
        heading="Complete your purchase"
        id="complete-your-purchase"
      />
    </div>
  );
}
