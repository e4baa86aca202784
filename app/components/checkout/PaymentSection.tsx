import { useEffect, useId, useState } from "react";
import type { CardForm, CardFormErrors } from "../../../modules/payments/card-form";

export type PaymentProblem = { title: string | null; message: string } | null;

function CardField({
  label,
  value,
  error,
  onChange,
  autoComplete,
  inputMode,
  placeholder,
}: {
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  autoComplete: string;
  inputMode?: "numeric" | "text";
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className="mb-3">
      <label htmlFor={id} className="mb-1 block font-bold">
        {label}
      </label>
      {/* No name attribute: card details are never part of a form post to the shop. */}
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete={autoComplete}
        inputMode={inputMode}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="w-full rounded border border-gray-500 bg-white px-3 py-2 font-mono aria-[invalid]:border-alert"
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-bold text-alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Card payment (spec §5 card messages, §8 declines). `onPay` checks the card in the browser with
 * the gateway's own rules, turns it into a one-time nonce and places the order. It needs
 * JavaScript, as every card gateway's fields do; the button stays off until the page is live.
 */
export function PaymentSection({
  amountLabel,
  needsCard,
  blockedReason,
  busy,
  problem,
  defaultPostalCode,
  onPay,
}: {
  amountLabel: string;
  needsCard: boolean;
  blockedReason: string | null;
  busy: boolean;
  problem: PaymentProblem;
  defaultPostalCode: string;
  onPay: (card: CardForm | null, showCardErrors: (errors: CardFormErrors) => void) => void;
}) {
  const id = useId();
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const [card, setCard] = useState<CardForm>({ number: "", expiry: "", securityCode: "", postalCode: "" });
  const [errors, setErrors] = useState<CardFormErrors>({});
  const set = (key: keyof CardForm) => (value: string) => setCard((current) => ({ ...current, [key]: value }));
  const postalCode = card.postalCode || defaultPostalCode;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!needsCard) {
      onPay(null, setErrors);
      return;
    }
    onPay({ ...card, postalCode }, setErrors);
  };

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <h2 id={`${id}-title`} className="mb-2 text-xl font-bold">
        Payment
      </h2>
      {problem && (
        <div role="alert" className="mb-4 rounded border border-alert bg-red-50 px-3 py-2 text-alert">
          {problem.title && <p className="font-bold">{problem.title}</p>}
          <p>{problem.message}</p>
        </div>
      )}
      <form onSubmit={submit} noValidate aria-label="Pay by card" className="max-w-md">
        {needsCard && (
          <>
            <p className="mb-3 text-sm text-gray-700">We accept Visa and MasterCard.</p>
            <CardField label="Card number" value={card.number} error={errors.number} onChange={set("number")} autoComplete="cc-number" inputMode="numeric" />
            <div className="grid grid-cols-2 gap-3">
              <CardField label="Expiry date (MM/YY)" value={card.expiry} error={errors.expiry} onChange={set("expiry")} autoComplete="cc-exp" placeholder="MM/YY" />
              <CardField label="Security code" value={card.securityCode} error={errors.securityCode} onChange={set("securityCode")} autoComplete="cc-csc" inputMode="numeric" />
            </div>
            <CardField label="Postal code" value={postalCode} error={errors.postalCode} onChange={set("postalCode")} autoComplete="billing postal-code" />
          </>
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
      </form>
    </section>
  );
}
