import { useEffect, useId, useRef, useState } from "react";
import { PAYMENT_METHOD_NAMES } from "../../../modules/payments/method-availability";
import type { PaymentMethod } from "../../../modules/payments/provider";
import type { SandboxWalletScenario } from "../../../modules/payments/sandbox/test-cards";
import type { AlternativeMethod } from "./place-order";

/** A wallet payment the shopper approved (or had refused) in the sandbox approval step. */
export interface WalletChoice {
  method: AlternativeMethod;
  scenario: SandboxWalletScenario;
  ageConfirmed: boolean;
}

/** Each wallet's button in its own colours (dark text on light, white on black: both high contrast). */
const BUTTON_LOOK: Record<AlternativeMethod, string> = {
  paypal: "bg-[#ffc439] text-black",
  paypal_credit: "bg-[#003087] text-white",
  google: "bg-black text-white",
  apple: "bg-black text-white",
  klarna: "bg-[#ffb3c7] text-black",
  clearpay: "bg-[#b2fce4] text-black",
};

const SANDBOX_ANSWERS: readonly { scenario: SandboxWalletScenario; label: string }[] = [
  { scenario: "approve", label: "Approve payment" },
  { scenario: "reject", label: "Refuse payment" },
  { scenario: "unavailable", label: "Provider unavailable" },
];

interface ApplePaySessionLike {
  canMakePayments?: () => boolean;
}

/** Whether this browser can pay with Apple Pay (Safari on Apple devices exposes ApplePaySession). */
function browserSupportsApplePay(): boolean {
  const session = (window as { ApplePaySession?: ApplePaySessionLike }).ApplePaySession;
  try {
    return typeof session?.canMakePayments === "function" && session.canMakePayments() === true;
  } catch {
    return false;
  }
}

/**
 * The page is rendered before the browser can say what it supports, so the server offers what every
 * browser has. A browser with Apple Pay asks the checkout API again, saying so (spec §7 alternative
 * payment methods header), and shows what it answers.
 */
function useDeviceMethods(basketToken: string, methods: readonly PaymentMethod[]): readonly PaymentMethod[] {
  const [device, setDevice] = useState<{ for: string; methods: PaymentMethod[] } | null>(null);
  const key = methods.join(",");
  useEffect(() => {
    if (!browserSupportsApplePay()) return;
    let current = true;
    fetch(`/v1/checkout/${encodeURIComponent(basketToken)}`, {
      credentials: "same-origin",
      headers: { accept: "application/json", "alternative-payment-methods": "APPLE_PAY,GOOGLE_PAY" },
    })
      .then((response) => (response.ok ? (response.json() as Promise<{ userInfo: { paymentOptions: { availableMethods: PaymentMethod[] } } }>) : null))
      .then((data) => {
        if (current && data) setDevice({ for: key, methods: data.userInfo.paymentOptions.availableMethods });
      })
      .catch(() => {
        // Without an answer the shopper keeps the methods every browser has.
      });
    return () => {
      current = false;
    };
  }, [basketToken, key]);
  const offered = device?.for === key ? device.methods : methods;
  // Apple Pay only ever where the browser itself says it can.
  return offered.filter((method) => method !== "apple" || device?.for === key);
}

/**
 * PayPal, PayPal Credit, Google Pay, Apple Pay, Klarna and Clearpay: one button for each method the
 * checkout offers (spec §5 availability). Pressing one runs the wallet's approval, here the sandbox
 * gateway's test mode, which lets the shopper choose how the wallet answers; then the order is
 * placed as a card order would be. Klarna needs the shopper to confirm they are 18 or over first.
 */
export function AlternativePayments({
  basketToken,
  methods,
  amountLabel,
  disabled,
  onChoose,
}: {
  basketToken: string;
  methods: readonly PaymentMethod[];
  amountLabel: string;
  disabled: boolean;
  onChoose: (choice: WalletChoice) => void;
}) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [approving, setApproving] = useState<AlternativeMethod | null>(null);
  const [adult, setAdult] = useState(false);
  const offered = useDeviceMethods(basketToken, methods).filter((method): method is AlternativeMethod => method !== "card");
  if (offered.length === 0) return null;

  const start = (method: AlternativeMethod) => {
    setApproving(method);
    dialog.current?.showModal();
  };
  const answer = (scenario: SandboxWalletScenario) => {
    dialog.current?.close();
    if (approving) onChoose({ method: approving, scenario, ageConfirmed: approving === "klarna" && adult });
  };
  const approvingName = approving ? PAYMENT_METHOD_NAMES[approving] : "";

  return (
    <div role="group" aria-labelledby={`${id}-title`} className="mb-6 max-w-md">
      <h3 id={`${id}-title`} className="mb-2 font-bold">
        Pay another way
      </h3>
      <ul className="flex flex-col gap-3">
        {offered.map((method) => {
          const name = PAYMENT_METHOD_NAMES[method];
          const needsAge = method === "klarna" && !adult;
          return (
            <li key={method}>
              {method === "klarna" && (
                <label className="mb-2 flex items-center gap-2">
                  <input type="checkbox" checked={adult} onChange={(event) => setAdult(event.target.checked)} className="h-5 w-5" />I confirm I am 18 or
                  over (needed to pay with Klarna)
                </label>
              )}
              <button
                type="button"
                disabled={disabled || needsAge}
                aria-describedby={method === "klarna" || method === "paypal_credit" ? `${id}-${method}-note` : undefined}
                onClick={() => start(method)}
                className={`w-full rounded px-5 py-3 text-lg font-bold disabled:opacity-60 ${BUTTON_LOOK[method]}`}
              >
                Pay with {name}
              </button>
              {method === "paypal_credit" && (
                <p id={`${id}-${method}-note`} className="mt-1 text-sm text-gray-700">
                  0% for 4 months on PayPal Credit. Representative APR 23.9%, credit limit £1,200.
                </p>
              )}
              {method === "klarna" && (
                <p id={`${id}-${method}-note`} className="mt-1 text-sm text-gray-700">
                  You must be 18 or over to pay with Klarna. <a href="/page/klarna-faqs" className="underline">Klarna FAQs</a>
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-dialog-title`}
        onClose={() => setApproving(null)}
        className="m-auto w-[min(26rem,92vw)] rounded-lg p-6 text-brand-ink shadow-xl backdrop:bg-black/50"
      >
        <h2 id={`${id}-dialog-title`} className="mb-2 text-xl font-bold">
          {approvingName} sandbox
        </h2>
        <p className="mb-4">
          This is the payment gateway's test mode. Choose how {approvingName} answers this payment of {amountLabel}.
        </p>
        <div className="flex flex-col gap-2">
          {SANDBOX_ANSWERS.map((option) => (
            <button
              key={option.scenario}
              type="button"
              onClick={() => answer(option.scenario)}
              className={`rounded px-4 py-2 font-bold ${option.scenario === "approve" ? "bg-brand text-white hover:bg-brand-dark" : "ring-1 ring-brand text-brand-dark"}`}
            >
              {option.label}
            </button>
          ))}
          <button type="button" onClick={() => dialog.current?.close()} className="px-4 py-2 underline">
            Cancel
          </button>
        </div>
      </dialog>
    </div>
  );
}
