import { useEffect, useRef } from "react";
import { Form, Link, useNavigate } from "react-router";
import { withProduct } from "../../../modules/catalog/deal-detail/urls";
import type { DealProduct } from "../../../modules/catalog/deal-detail/get-deal";
import { hiddenPriceText } from "../../../modules/catalog/rules/price-display";
import { formatMoney, type Currency } from "../../../lib/money";
import type { ProductDisplayType } from "../../../modules/catalog/schema";

interface Props {
  products: DealProduct[];
  selectedId: number | null;
  displayType: ProductDisplayType;
  dealPath: string;
  currency: Currency;
  showPrice: boolean;
  priceText: string | null;
  disabled: boolean;
  /** The Buy now form the dropdown belongs to (its value is the product bought), when there is one. */
  buyFormId?: string;
}

/**
 * The deal's options by display type: several products in a dropdown, a list ("default"), or
 * stays to pick for calendar deals. Each option has its own URL (…/{dealId}/{productId}/…), so
 * choosing works with plain links and forms; with JavaScript the dropdown navigates on change.
 */
export function ProductChooser({ products, selectedId, displayType, dealPath, currency, showPrice, priceText, disabled, buyFormId }: Props) {
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const select = useRef<HTMLSelectElement>(null);
  // An option chosen before the page's JavaScript ran is still showing: show its price too.
  useEffect(() => {
    const shown = Number(select.current?.value);
    if (shown && shown !== selectedId) navigate(withProduct(dealPath, `/${shown}`), { replace: true, preventScrollReset: true });
    // Only once, at hydration: later choices navigate from onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // After a choice (or back/forward) the page's product is the one shown.
  useEffect(() => {
    if (select.current) select.current.value = selectedId === null ? "" : String(selectedId);
  }, [selectedId]);
  if (products.length === 0) return null;
  // A hidden price shows its text on an option only when the text names no money or percentage.
  const priceOf = (product: DealProduct) =>
    showPrice ? formatMoney(product.totalPrice, currency) : hiddenPriceText(priceText, { blankMoneyText: true });
  const label = (product: DealProduct) => {
    const price = priceOf(product);
    const status = product.soldOut || product.totalRemaining === 0 ? " (sold out)" : "";
    return `${product.friendlyName}${product.vipExclusive ? " (VIP only)" : ""}${price ? ` - ${price}` : ""}${status}`;
  };

  if (displayType === "dropdown") {
    return (
      <Form ref={form} method="get" action={dealPath} className="flex flex-col gap-2">
        <label htmlFor="product-choice" className="font-bold">
          Choose your option
        </label>
        {/* Uncontrolled, so hydration never undoes a choice made before it. */}
        <select
          ref={select}
          id="product-choice"
          name="productId"
          form={buyFormId}
          defaultValue={selectedId ?? ""}
          disabled={disabled}
          onChange={(event) => {
            const id = Number(event.target.value);
            if (id) navigate(withProduct(dealPath, `/${id}`), { replace: true, preventScrollReset: true });
          }}
          className="w-full rounded border border-gray-300 bg-white px-3 py-2"
        >
          {selectedId === null && <option value="">Select an option</option>}
          {products.map((product) => (
            <option key={product.id} value={product.id} disabled={product.soldOut || product.totalRemaining === 0}>
              {label(product)}
            </option>
          ))}
        </select>
        <noscript>
          <button type="submit" form={buyFormId} formAction={buyFormId ? dealPath : undefined} formMethod={buyFormId ? "get" : undefined} className="rounded bg-brand px-4 py-2 font-bold text-white">
            Choose
          </button>
        </noscript>
      </Form>
    );
  }

  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="mb-2 font-bold">{displayType === "calendar" ? "Choose your stay" : "Choose your option"}</legend>
      <ul className="flex flex-col gap-2">
        {products.map((product) => {
          const chosen = product.id === selectedId;
          const unavailable = product.soldOut || product.totalRemaining === 0;
          return (
            <li key={product.id}>
              <Link
                to={withProduct(dealPath, `/${product.id}`)}
                replace
                preventScrollReset
                aria-current={chosen ? "true" : undefined}
                className={`flex items-center justify-between gap-3 rounded border px-3 py-2 ${chosen ? "border-brand bg-brand/10 font-bold" : "border-gray-300 bg-white hover:bg-gray-50"} ${unavailable ? "opacity-60" : ""}`}
              >
                <span>
                  {product.friendlyName}
                  {product.vipExclusive && <span className="ml-2 rounded bg-black px-1.5 py-0.5 text-xs font-bold text-white">VIP only</span>}
                </span>
                <span className="whitespace-nowrap">{unavailable ? "Sold out" : priceOf(product)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
      {displayType === "calendar" && <p className="text-sm text-gray-700">You choose your dates from the hotel's calendar when you book.</p>}
    </fieldset>
  );
}
