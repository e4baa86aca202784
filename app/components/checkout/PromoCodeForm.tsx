import { useId } from "react";
import { useFetcher } from "react-router";
import { CsrfField } from "../CsrfField";
import type { CheckoutData } from "./types";

/**
 * Spec §5: promo codes need a signed-in customer. The answer says whether the code applies and,
 * if not, why (expired, invalid, already used, not applicable, not eligible).
 */
export function PromoCodeForm({ applied, signedIn, csrfToken }: { applied: CheckoutData["promoCode"]; signedIn: boolean; csrfToken: string }) {
  const fetcher = useFetcher<{ promoCode?: CheckoutData["promoCode"]; error?: string }>({ key: "checkout-promo" });
  const id = useId();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const typed = answer?.promoCode;
  const message = answer?.error ?? typed?.message;
  const ok = !answer?.error && typed?.applicable;
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <h2 id={`${id}-title`} className="mb-2 text-xl font-bold">
        Promo code
      </h2>
      {!signedIn ? (
        <p>Log in or register above to use a promo code.</p>
      ) : applied?.applicable ? (
        <fetcher.Form method="post" className="flex flex-wrap items-center gap-3">
          <CsrfField token={csrfToken} />
          <input type="hidden" name="intent" value="promo" />
          <input type="hidden" name="promoCode" value="" />
          <p role="status" className="font-bold text-green-800">
            {applied.message}
          </p>
          <button type="submit" className="text-sm font-bold text-brand-dark underline">
            Remove promo code
          </button>
        </fetcher.Form>
      ) : (
        <fetcher.Form method="post" className="flex flex-col gap-2">
          <CsrfField token={csrfToken} />
          <input type="hidden" name="intent" value="promo" />
          <label htmlFor={id} className="font-bold">
            Enter a promo code
          </label>
          <div className="flex gap-2">
            <input
              id={id}
              name="promoCode"
              autoComplete="off"
              maxLength={40}
              aria-describedby={message ? `${id}-message` : undefined}
              className="min-w-0 flex-1 rounded border border-gray-500 bg-white px-3 py-2 uppercase"
            />
            <button type="submit" disabled={fetcher.state !== "idle"} className="rounded bg-brand px-4 py-2 font-bold text-white hover:bg-brand-dark">
              Apply
            </button>
          </div>
          {message && !ok && (
            <p id={`${id}-message`} role="alert" className="font-bold text-alert">
              {message}
            </p>
          )}
        </fetcher.Form>
      )}
    </section>
  );
}
