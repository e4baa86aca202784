import { useEffect, useId, useState } from "react";
import type { CardForm, CardFormErrors } from "../../../modules/payments/card-form";
import type { PaymentMethod } from "../../../modules/payments/provider";
import { AlternativePayments, type WalletChoice } from "./AlternativePayments";
import { ErrorSummary, summaryErrors } from "../ErrorSummary";
import { CheckoutField } from "./CheckoutField";
import { PaymentLogos, PaymentReassurance } from "./PaymentLogos";

/** The card form's fields, in order, with the ids its error summary links to. */
export const CARD_FIELDS = [
  { name: "number", id: "card-number", label: "Card number" },
  { name: "expiry", id: "card-expiry", label: "Expiry date (MM/YY)" },
  { name: "securityCode", id: "card-security-code", label: "Security code" },
  { name: "postalCode", id: "card-postal-code", label: "Postal code" },
] as const;

export type PaymentProblem = { title: string | null; message: string } | null;

/** A saved card (spec §3 payment instrument) as the payment section offers it. */
export interface SavedCard {
  id: number;
  cardType: string | null;
  last4: string | null;
  expiryMonth: number | null;
  expiryYear: number | null;
  default: boolean;
}

/** How the shopper chose to pay: a new card (maybe to be saved), a saved card, a wallet, or nothing to pay. */
export type PaymentInput =
  | { kind: "new"; card: CardForm; save: boolean; vipRenewal?: boolean }
  | { kind: "existing"; instrumentId: number; vipRenewal?: boolean }
  | ({ kind: "wallet" } & WalletChoice)
  | { kind: "none" };

function savedCardLabel(card: SavedCard): string {
  const expiry = card.expiryMonth && card.expiryYear ? ` (expires ${String(card.expiryMonth).padStart(2, "0")}/${String(card.expiryYear).slice(-2)})` : "";
  return `${card.cardType ?? "Card"} ending ${card.last4 ?? "····"}${expiry}`;
}

/**
 * Card payment (spec §5 card messages, §8 declines) and the other methods the checkout offers
 * (`methods`, spec §5 availability). `onPay` checks the card in the browser with the gateway's own
 * rules (or runs the wallet's approval), turns it into a one-time nonce and places the order. It
 * needs JavaScript, as every gateway's fields do; the buttons stay off until the page is live.
 */
export function PaymentSection({
  basketToken,
  methods,
  amountLabel,
  needsCard,
  blockedReason,
  busy,
  problem,
  defaultPostalCode,
  savedCards,
  vipRenewal = null,
  onPay,
}: {
  basketToken: string;
  methods: readonly PaymentMethod[];
  amountLabel: string;
  needsCard: boolean;
  blockedReason: string | null;
  busy: boolean;
  problem: PaymentProblem;
  defaultPostalCode: string;
  savedCards: readonly SavedCard[];
  /** The VIP year is in the basket: its renewal is offered here, unticked (docs/decisions/vip-lifecycle.md). */
  vipRenewal?: { label: string; terms: string } | null;
  onPay: (payment: PaymentInput, showCardErrors: (errors: CardFormErrors) => void) => void;
}) {
  const id = useId();
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const [card, setCard] = useState<CardForm>({ number: "", expiry: "", securityCode: "", postalCode: "" });
  const [errors, setErrors] = useState<CardFormErrors>({});
  const set = (key: keyof CardForm) => (value: string) => setCard((current) => ({ ...current, [key]: value }));
  const postalCode = card.postalCode || defaultPostalCode;
  // Spec §3 instrument choice: EXISTING (the default saved card first) or NEW.
  const [choice, setChoice] = useState<number | "new">(() => (savedCards.find((saved) => saved.default) ?? savedCards[0])?.id ?? "new");
  const [save, setSave] = useState(false);
  const [renew, setRenew] = useState(false);
  const newCard = choice === "new" || !savedCards.some((saved) => saved.id === choice);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!needsCard) onPay({ kind: "none" }, setErrors);
    // Renewals charge a saved card: agreeing to renew saves the new card (the terms say so).
    else if (newCard) onPay({ kind: "new", card: { ...card, postalCode }, save: save || (vipRenewal !== null && renew), vipRenewal: vipRenewal !== null && renew }, setErrors);
    else onPay({ kind: "existing", instrumentId: choice as number, vipRenewal: vipRenewal !== null && renew }, setErrors);
  };

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <h2 id={`${id}-title`} className="mb-2 text-xl font-bold">
        Payment
      </h2>
      {needsCard && (
        <div className="mb-4">
          <PaymentLogos methods={methods} />
        </div>
      )}
      {problem && (
        <div role="alert" className="mb-4 rounded border border-alert bg-red-50 px-3 py-2 text-alert">
          {problem.title && <p className="font-bold">{problem.title}</p>}
          <p>{problem.message}</p>
        </div>
      )}
      {needsCard && (
        <AlternativePayments
          basketToken={basketToken}
          methods={methods}
          amountLabel={amountLabel}
          disabled={!live || busy || blockedReason !== null}
          onChoose={(choice) => onPay({ kind: "wallet", ...choice }, setErrors)}
        />
      )}
      <form onSubmit={submit} noValidate aria-label="Pay by card" className="max-w-md">
        {needsCard && newCard && <ErrorSummary errors={summaryErrors(CARD_FIELDS, errors)} attempt={errors} />}
        {needsCard && savedCards.length > 0 && (
          <fieldset className="mb-4">
            <legend className="mb-2 font-bold">Pay with</legend>
            {[...savedCards.map((saved) => ({ value: saved.id as number | "new", label: savedCardLabel(saved) })), { value: "new" as const, label: "A new card" }].map(
              (option) => (
                <label key={option.value} className="mb-1 flex items-center gap-2">
                  <input type="radio" name="instrument" checked={choice === option.value} onChange={() => setChoice(option.value)} className="h-5 w-5" />
                  {option.label}
                </label>
              ),
            )}
          </fieldset>
        )}
        {needsCard && newCard && (
          <>
            <p className="mb-3 text-sm text-gray-700">We accept Visa and MasterCard.</p>
            <CheckoutField id="card-number" label="Card number" value={card.number} error={errors.number} onChange={set("number")} autoComplete="cc-number" inputMode="numeric" />
            <div className="grid grid-cols-2 gap-3">
              <CheckoutField id="card-expiry" label="Expiry date (MM/YY)" value={card.expiry} error={errors.expiry} onChange={set("expiry")} autoComplete="cc-exp" placeholder="MM/YY" />
              <CheckoutField id="card-security-code" label="Security code" value={card.securityCode} error={errors.securityCode} onChange={set("securityCode")} autoComplete="cc-csc" inputMode="numeric" />
            </div>
            <CheckoutField id="card-postal-code" label="Postal code" value={postalCode} error={errors.postalCode} onChange={set("postalCode")} autoComplete="billing postal-code" />
            <label className="mb-3 flex items-center gap-2">
              <input type="checkbox" checked={save} onChange={(event) => setSave(event.target.checked)} className="h-5 w-5" />
              Save this card for next time
            </label>
          </>
        )}
        {needsCard && vipRenewal && (
          <div className="mb-4 rounded border border-gray-300 p-3" data-testid="vip-renewal">
            <label className="flex items-start gap-2 font-bold">
              <input
                type="checkbox"
                name="vipRenewal"
                checked={renew}
                onChange={(event) => setRenew(event.target.checked)}
                aria-describedby={`${id}-vip-renewal-terms`}
                className="mt-0.5 h-5 w-5 shrink-0"
              />
              {vipRenewal.label}
            </label>
            <p id={`${id}-vip-renewal-terms`} className="mt-1 text-sm">
              {vipRenewal.terms}
            </p>
          </div>
        )}
        {blockedReason && <p className="mb-3 font-bold text-alert">{blockedReason}</p>}
        <button
          type="submit"
          disabled={!live || busy || blockedReason !== null}
          className="w-full rounded bg-brand px-5 py-3 text-lg font-bold text-white hover:bg-brand-dark disabled:opacity-60"
        >
          {busy ? "Making payment…" : needsCard ? `Pay ${amountLabel} now` : "Place order"}
        </button>
        <noscript>
          <p className="mt-2">Please turn on JavaScript to pay securely by card.</p>
        </noscript>
        {needsCard && <PaymentReassurance />}
      </form>
    </section>
  );
}
