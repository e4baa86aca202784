import { useRef, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { ORDER_ERRORS } from "../../../modules/orders/errors";
import { type CardFormErrors, validateCardForm } from "../../../modules/payments/card-form";
import { PAYMENT_DECLINES, PAYMENT_FAILED_TITLE } from "../../../modules/payments/errors";
import type { PaymentMethod } from "../../../modules/payments/provider";
import { checkDetails, type DetailsErrors } from "./DetailsForm";
import type { PaymentInput, PaymentProblem } from "./PaymentSection";
import { approveWithWallet, newIdempotencyKey, type OrderPayment, submitOrder, tokenizeCard } from "./place-order";
import type { DeliveryDetails } from "./types";

/** How the order API answers a payment the gateway declined. */
const DECLINED_STATUS = 402;

/**
 * Pressing Pay: 'Your Details' and the card are checked in the browser, the card (or the wallet's
 * approval: PayPal, Google Pay, Klarna, …) becomes a nonce at the gateway, and the order is placed. A decline (or any other refusal) shows its text, keeps the
 * basket and reloads the page's data; success goes to the order confirmation.
 */
export function usePlaceOrder({
  basketToken,
  details,
  irish,
  onDetailsErrors,
  returnedProblem = null,
}: {
  basketToken: string;
  /** Why the order was not placed when the shopper came back from the bank's page (3-D Secure). */
  returnedProblem?: PaymentProblem;
  details: DeliveryDetails;
  irish: boolean;
  onDetailsErrors: (errors: DetailsErrors) => void;
}) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [paying, setPaying] = useState(false);
  const [problem, setProblem] = useState<PaymentProblem>(returnedProblem);
  // One key per checkout attempt: a double click or a retry of the same request places one order.
  const attempt = useRef<{ key: string; request: string } | null>(null);

  async function pay(payment: PaymentInput, showCardErrors: (errors: CardFormErrors) => void) {
    const errors = checkDetails(details, irish);
    onDetailsErrors(errors);
    if (Object.keys(errors).length > 0) {
      setProblem({ title: null, message: ORDER_ERRORS.DETAILS_INCOMPLETE.message });
      document.getElementById("your-details")?.scrollIntoView({ block: "start" });
      return;
    }
    if (payment.kind === "new") {
      const checked = validateCardForm(payment.card, new Date());
      showCardErrors(checked.ok ? {} : checked.errors);
      if (!checked.ok) {
        setProblem(null);
        return;
      }
    }
    setPaying(true);
    setProblem(null);
    try {
      let order: OrderPayment;
      let method: PaymentMethod = "card";
      if (payment.kind === "wallet") {
        const nonce = await approveWithWallet(payment.method, payment.scenario);
        if (!nonce) {
          setProblem({ title: PAYMENT_FAILED_TITLE, message: PAYMENT_DECLINES.PROVIDER_UNAVAILABLE.message });
          return;
        }
        method = payment.method;
        order = { instrument: "NEW", nonce, save: false };
      } else if (payment.kind === "new") {
        const tokenized = await tokenizeCard(payment.card);
        if (!tokenized.ok) {
          showCardErrors(tokenized.errors);
          setProblem({ title: PAYMENT_FAILED_TITLE, message: tokenized.message });
          return;
        }
        order = { instrument: "NEW", nonce: tokenized.nonce, save: payment.save };
      } else {
        order = payment.kind === "existing" ? { instrument: "EXISTING", instrumentId: payment.instrumentId } : { instrument: "NONE" };
      }
      const ageConfirmed = payment.kind === "wallet" ? payment.ageConfirmed : undefined;
      const vipRenewal = payment.kind === "new" || payment.kind === "existing" ? payment.vipRenewal || undefined : undefined;
      const request = { method, payment: order, details, ageConfirmed, vipRenewal };
      // The API refuses a key sent again with another request (422), so a changed request (a new
      // card nonce, edited details) is a new attempt; the basket still places one order.
      const sent = JSON.stringify(request);
      if (attempt.current?.request !== sent) attempt.current = { key: newIdempotencyKey(), request: sent };
      const answer = await submitOrder(basketToken, attempt.current.key, request);
      if (answer.ok === "requires_action") {
        // The bank's own page (3-D Secure) is outside the app: a full page load, back to the checkout's return.
        window.location.assign(answer.url);
        return;
      }
      if (answer.ok) {
        navigate(`/order-confirmation/${answer.orderId}`);
        return;
      }
      // A definite answer ends this attempt: the next press is a new attempt with a new key.
      attempt.current = null;
      setProblem({ title: answer.status === DECLINED_STATUS ? PAYMENT_FAILED_TITLE : null, message: answer.message });
      revalidator.revalidate();
    } catch {
      // No answer (network): the key is kept for the same request; the basket places one order whatever the key.
      setProblem({ title: PAYMENT_FAILED_TITLE, message: "Unfortunately, your payment did not go through..." });
    } finally {
      setPaying(false);
    }
  }

  return { pay, paying, problem };
}
