import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { CARD_FORM_MESSAGES, type CardFormErrors } from "../../../modules/payments/card-form";
import type { DetailsErrors } from "./DetailsForm";
import type { PaymentInput, PaymentProblem } from "./PaymentSection";
import type { DeliveryDetails } from "./types";
import { usePlaceOrder } from "./use-place-order";

const COMPLETE: DeliveryDetails = { firstName: "Ada", lastName: "Lovelace", addressLine1: "1 High Street", addressLine2: "", city: "London", postcode: "SW1A 1AA" };

/**
 * The hook inside a checkout route of React Router's stub router, rendered once on the server (no
 * DOM here): the test gets what the page would get on its first render, and presses Pay with it.
 */
function renderCheckout(details: DeliveryDetails, returnedProblem: PaymentProblem = null) {
  const seen: { detailsErrors: DetailsErrors[]; hook: ReturnType<typeof usePlaceOrder> | null } = { detailsErrors: [], hook: null };
  function Checkout() {
    const hook = usePlaceOrder({ basketToken: "basket-1", details, irish: false, onDetailsErrors: (errors) => seen.detailsErrors.push(errors), returnedProblem });
    seen.hook = hook;
    return <p data-testid="pay-state">{hook.paying ? "paying" : "ready"}{hook.problem ? `: ${hook.problem.message}` : ""}</p>;
  }
  const Stub = createRoutesStub([{ path: "/checkout/:basketToken", Component: Checkout }]);
  const html = renderToString(<Stub initialEntries={["/checkout/basket-1"]} />);
  return { html, seen };
}

describe("usePlaceOrder (pressing Pay)", () => {
  it("starts ready, with nothing paying and no problem shown", () => {
    const { html, seen } = renderCheckout(COMPLETE);
    expect(html).toContain('<p data-testid="pay-state">ready</p>');
    expect(seen.hook?.paying).toBe(false);
    expect(seen.hook?.problem).toBeNull();
  });

  it("shows why the order was not placed when the shopper is back from the bank's page (3-D Secure declined)", () => {
    const declined = { title: "Oops! Payment Failed", message: "Your card issuer couldn't authenticate this payment. Please try another card." };
    const { html, seen } = renderCheckout(COMPLETE, declined);
    expect(html).toContain(": Your card issuer couldn&#x27;t authenticate this payment. Please try another card.");
    expect(seen.hook?.problem).toEqual(declined);
  });

  it("checks 'Your Details' and the card in the browser before anything is sent", async () => {
    const { seen } = renderCheckout(COMPLETE);
    const cardErrors: CardFormErrors[] = [];
    const payment: PaymentInput = { kind: "new", card: { number: "4111 1111 1111 1112", expiry: "01/20", securityCode: "", postalCode: "SW1A 1AA" }, save: false };
    await seen.hook!.pay(payment, (errors) => cardErrors.push(errors));
    // The details were complete: no field errors, and the card's own messages go to its fields.
    expect(seen.detailsErrors).toEqual([{}]);
    expect(cardErrors).toEqual([
      { number: CARD_FORM_MESSAGES.NUMBER_INVALID, expiry: CARD_FORM_MESSAGES.EXPIRED, securityCode: CARD_FORM_MESSAGES.SECURITY_CODE_REQUIRED },
    ]);
  });

  it("hands the details check's errors to the form (a missing name, a postcode that is not one)", async () => {
    const { seen } = renderCheckout({ ...COMPLETE, firstName: " ", postcode: "NOT A CODE" });
    const cardErrors: CardFormErrors[] = [];
    // The page scrolls to 'Your Details'; there is no document on the server, so the hook's scroll
    // is the only step that fails here, after the errors were handed over.
    await seen.hook!.pay({ kind: "none" }, (errors) => cardErrors.push(errors)).catch(() => {});
    expect(seen.detailsErrors).toHaveLength(1);
    expect(Object.keys(seen.detailsErrors[0]!).sort()).toEqual(["firstName", "postcode"]);
    expect(cardErrors).toEqual([]);
  });
});
