import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { formatMoney } from "../../../lib/money";
import { CsrfField } from "../CsrfField";
import { DeliveryChoice } from "./DeliveryChoice";
import { GiftOptions } from "./GiftOptions";
import { GIFT_CARD_WALLET_NOTE, giftCardDeliveryText } from "./gift-card-line";
import { LineStaySummary } from "./TravelCheckout";
import type { CheckoutData, CheckoutLine } from "./types";

/** A basket item's quantity choices stop here even when its cap allows more (spec: value not shown). */
export const MAX_LINE_QUANTITY = 20;

const AVAILABILITY_TEXT: Partial<Record<CheckoutLine["availability"], string>> = {
  LIMITED: "Limited availability",
  EXPIRING_SOON: "Deal expiring soon",
  SOLD_OUT: "Sold out",
  OUT_OF_STOCK: "Out of stock",
};

function quantityChoices(line: CheckoutLine, minimum: number): number[] {
  const top = Math.max(line.quantity, Math.min(line.purchaseCap, MAX_LINE_QUANTITY), minimum);
  return Array.from({ length: top - minimum + 1 }, (_, i) => minimum + i);
}

type GiftPresets = CheckoutData["giftingDetails"]["presets"];
type DeliveryOptions = CheckoutData["deals"][number]["products"][number]["productDeliveryOptions"];

/**
 * One basket line. A gift wrap or gift pack line is an ordinary product line, but its quantity
 * follows the gifted items (spec §4), so it has no quantity choice, no gift options and no deal page.
 */
function BasketLineItem({
  line,
  csrfToken,
  minimum,
  presets,
  deliveryOptions,
  onRemove,
}: {
  line: CheckoutLine;
  csrfToken: string;
  minimum: number;
  presets: GiftPresets;
  deliveryOptions: DeliveryOptions;
  onRemove: (lineId: number, name: string) => void;
}) {
  const fetcher = useFetcher<{ error?: string }>();
  // The quantity list is drawn anew with the saved quantity: the focus goes back into it.
  const refocusQuantity = useRef(false);
  useEffect(() => {
    if (!refocusQuantity.current || fetcher.state !== "idle") return;
    refocusQuantity.current = false;
    document.getElementById(`quantity-${line.id}`)?.focus();
  }, [fetcher.state, line.quantity, line.id]);
  const error = fetcher.state === "idle" ? fetcher.data?.error : undefined;
  const name = line.productName && line.productName !== line.title ? `${line.title}: ${line.productName}` : line.title;
  const availability = AVAILABILITY_TEXT[line.availability];
  const isPreset = presets.some((preset) => preset.productId === line.dealProductId);
  return (
    <li className="flex flex-col gap-2 border-b border-gray-200 py-4 last:border-b-0" data-testid="basket-line">
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          {line.dealUrl ? (
            <a href={line.dealUrl} className="font-bold hover:underline">
              {line.title}
            </a>
          ) : (
            <p className="font-bold">{line.title}</p>
          )}
          {line.productName && line.productName !== line.title && <p className="text-sm">{line.productName}</p>}
          {line.merchantName && <p className="text-sm text-gray-700">{line.merchantName}</p>}
          <LineStaySummary line={line} />
          {line.kind === "gift_card" && (
            <>
              <p className="text-sm">{giftCardDeliveryText(line.gifting)}</p>
              <p className="text-sm text-gray-700">{GIFT_CARD_WALLET_NOTE}</p>
            </>
          )}
          {availability && <p className="text-sm font-bold text-alert">{availability}</p>}
          {line.availability === "OUT_OF_STOCK" && line.dealUrl && (
            <a href={line.dealUrl} className="text-sm text-brand-dark underline">
              Notify me when it's back
            </a>
          )}
        </div>
        <p className="whitespace-nowrap text-right">
          <span className="font-bold">{formatMoney(line.lineTotal, line.currency)}</span>
          {line.quantity > 1 && (
            <span className="block text-sm text-gray-700">
              {line.quantity} × {formatMoney(line.price, line.currency)}
            </span>
          )}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {line.kind === "deal" && !isPreset && !line.checkInDate && (
          <fetcher.Form method="post" className="flex items-center gap-2">
            <CsrfField token={csrfToken} />
            <input type="hidden" name="intent" value="quantity" />
            <input type="hidden" name="lineId" value={line.id} />
            <label htmlFor={`quantity-${line.id}`} className="text-sm font-bold">
              Quantity
            </label>
            <select
              id={`quantity-${line.id}`}
              name="quantity"
              defaultValue={line.quantity}
              key={line.quantity}
              aria-label={`Quantity of ${name}`}
              onChange={(event) => {
                refocusQuantity.current = true;
                fetcher.submit(event.currentTarget.form);
              }}
              className="rounded border border-gray-500 bg-white px-2 py-1"
            >
              {quantityChoices(line, minimum).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
            <noscript>
              <button type="submit" className="rounded px-2 py-1 text-sm font-bold underline">
                Update
              </button>
            </noscript>
          </fetcher.Form>
        )}
        <fetcher.Form method="post" onSubmit={() => onRemove(line.id, name)}>
          <CsrfField token={csrfToken} />
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="lineId" value={line.id} />
          <button type="submit" aria-label={`Remove ${name}`} className="text-sm font-bold text-brand-dark underline">
            Remove
          </button>
        </fetcher.Form>
      </div>
      {line.kind === "deal" && !isPreset && deliveryOptions.length > 0 && <DeliveryChoice line={line} name={name} options={deliveryOptions} csrfToken={csrfToken} />}
      {line.kind === "deal" && !isPreset && <GiftOptions line={line} name={name} csrfToken={csrfToken} presets={presets} />}
      {(error ?? line.problem?.message) && (
        <p role="alert" className="text-sm font-bold text-alert">
          {error ?? line.problem?.message}
        </p>
      )}
    </li>
  );
}

function SummaryRow({ label, amount, currency, strong }: { label: string; amount: number; currency: CheckoutData["orderSummary"]["currency"]; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? "text-lg font-bold" : ""}`}>
      <dt>{label}</dt>
      <dd>{formatMoney(amount, currency)}</dd>
    </div>
  );
}

/** The order summary: the basket's items (quantity editable, removable) and the totals. */
export function OrderSummary({ checkout, csrfToken }: { checkout: CheckoutData; csrfToken: string }) {
  const { basket, orderSummary: summary } = checkout;
  const perPerson = new Set(checkout.deals.filter((deal) => deal.pricePerPerson).map((deal) => deal.id));
  const deliveryOptionsOf = new Map(checkout.deals.flatMap((deal) => deal.products.map((product) => [product.id, product.productDeliveryOptions] as const)));
  const visible = basket.products.filter((line) => line.quantity > 0);
  const visibleIds = visible.map((line) => line.id).join(",");
  // A removed line takes its Remove button with it: the focus goes to the line that took its place
  // (or the one before it), or to the heading when the basket is empty, and the removal is announced.
  const removed = useRef<{ lineId: number; index: number; name: string } | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [announcement, setAnnouncement] = useState("");
  useEffect(() => {
    const gone = removed.current;
    if (!gone || visibleIds.split(",").includes(String(gone.lineId))) return;
    removed.current = null;
    const lines = list.current?.querySelectorAll<HTMLElement>(":scope > li") ?? [];
    const next = lines[Math.min(gone.index, lines.length - 1)];
    const target = next?.querySelector<HTMLElement>("a[href], select, button") ?? heading.current;
    target?.focus();
    setAnnouncement(`Removed ${gone.name} from your basket.`);
  }, [visibleIds]);
  const onRemove = (lineId: number, name: string) => {
    removed.current = { lineId, index: visible.findIndex((line) => line.id === lineId), name };
  };
  return (
    <section aria-labelledby="order-summary" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <h2 id="order-summary" ref={heading} tabIndex={-1} className="mb-2 text-xl font-bold">
        Order summary
      </h2>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {basket.products.length === 0 ? (
        <p>
          Your basket is empty.{" "}
          <a href="/" className="font-bold text-brand-dark underline">
            Browse today's deals
          </a>
        </p>
      ) : (
        <>
          <ul ref={list}>
            {visible.map((line) => (
              <BasketLineItem
                key={line.id}
                line={line}
                csrfToken={csrfToken}
                minimum={line.dealId !== null && perPerson.has(line.dealId) ? 2 : 1}
                presets={checkout.giftingDetails.presets}
                deliveryOptions={deliveryOptionsOf.get(line.dealProductId ?? -1) ?? []}
                onRemove={onRemove}
              />
            ))}
          </ul>
          <dl className="mt-4 flex flex-col gap-1 border-t border-gray-300 pt-4">
            <SummaryRow label="Subtotal" amount={summary.subtotal} currency={summary.currency} />
            {summary.postage > 0 && <SummaryRow label="Postage" amount={summary.postage} currency={summary.currency} />}
            {summary.discount > 0 && <SummaryRow label="Promo code discount" amount={-summary.discount} currency={summary.currency} />}
            {summary.walletAmountUsed > 0 && <SummaryRow label="Wallet credit" amount={-summary.walletAmountUsed} currency={summary.currency} />}
            <SummaryRow label="Total to pay" amount={summary.amountToPay} currency={summary.currency} strong />
          </dl>
        </>
      )}
    </section>
  );
}
