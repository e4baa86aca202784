import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { formatMoney } from "../../../lib/money";
import type { ProductDeliveryOption } from "../../../modules/catalog/schema";
import { CsrfField } from "../CsrfField";
import type { CheckoutLine } from "./types";

/**
 * How a posted item reaches the shopper (standard, next working day, click and collect), each with
 * its postage. The option stored on the line is the one charged, and the order summary's postage
 * and total already include it; a new choice is saved with "Update delivery" (never on the first
 * arrow key), as a plain form post without JavaScript.
 */
export function DeliveryChoice({ line, name, options, csrfToken }: { line: CheckoutLine; name: string; options: readonly ProductDeliveryOption[]; csrfToken: string }) {
  const fetcher = useFetcher<{ error?: string; intent?: string }>({ key: `checkout-delivery-${line.id}` });
  const id = useId();
  const stored = line.deliveryOptionType;
  const [chosen, setChosen] = useState(stored);
  const current = options.find((option) => option.method === stored);
  useEffect(() => setChosen(stored), [stored]);
  const error = fetcher.state === "idle" ? fetcher.data?.error : undefined;
  const saved = fetcher.state === "idle" && fetcher.data?.intent === "delivery" && !error;
  const postage = (price: number) => `${formatMoney(price, line.currency)}${price > 0 && line.quantity > 1 ? " per item" : ""}`;
  return (
    <fetcher.Form method="post" className="flex flex-col gap-2 rounded border border-gray-200 px-3 py-2" data-testid="delivery-choice">
      <CsrfField token={csrfToken} />
      <input type="hidden" name="intent" value="delivery" />
      <input type="hidden" name="lineId" value={line.id} />
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 font-bold">
          Delivery<span className="sr-only"> of {name}</span>
        </legend>
        {options.map((option) => (
          <label key={option.method} className="flex items-start gap-2">
            <input
              type="radio"
              name="deliveryOptionType"
              value={option.method}
              checked={chosen === option.method}
              onChange={() => setChosen(option.method)}
              className="mt-1"
              aria-describedby={option.collectFrom ? `${id}-${option.method}` : undefined}
            />
            <span>
              {option.label}: <span className="font-bold">{postage(option.price)}</span>
              {option.method === "click_and_collect" && option.collectFrom && (
                <span id={`${id}-${option.method}`} className="block text-sm text-gray-700">
                  Collect from {option.collectFrom}
                </span>
              )}
            </span>
          </label>
        ))}
      </fieldset>
      {chosen !== stored && current && <p className="text-sm">The total still includes {current.label.toLowerCase()} until you choose Update delivery.</p>}
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        className="self-start rounded border-2 border-brand-dark px-3 py-1 font-bold text-brand-dark hover:bg-gray-100 disabled:opacity-60"
      >
        Update delivery
      </button>
      {error && (
        <p role="alert" className="text-sm font-bold text-alert">
          {error}
        </p>
      )}
      {saved && (
        <p role="status" className="text-sm font-bold text-green-800">
          Delivery updated: the total includes it
        </p>
      )}
    </fetcher.Form>
  );
}
