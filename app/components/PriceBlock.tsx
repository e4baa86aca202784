import { type PriceFacts, describePrice } from "../../modules/catalog/rules/price-display";
import { usePriceViewer } from "./viewer";

/** A deal's (or chosen product's) price per the price-display rules; `size` only changes the type scale. */
export function PriceBlock({ facts, size }: { facts: PriceFacts; size: "compact" | "tile" | "deal" }) {
  const view = describePrice(facts, usePriceViewer());
  const big = size === "deal" ? "text-3xl" : size === "tile" ? "text-xl" : "text-lg";
  if (view.mode === "PRICE_IS_HIDDEN") {
    return (
      <p className="mt-auto font-bold text-brand-dark" data-testid="price-text">
        {view.hiddenText}
      </p>
    );
  }
  return (
    <p className={`mt-auto flex flex-wrap items-baseline gap-y-1 ${size === "compact" ? "gap-x-2 text-sm" : "gap-x-3"}`}>
      {view.vip && <span className="rounded bg-black px-1.5 py-0.5 text-xs font-bold text-white">VIP</span>}
      <span className={`${big} font-bold`} data-testid={size === "deal" ? "deal-price" : "tile-price"}>
        {view.prefix && <span className="mr-1 text-base font-normal">{view.prefix}</span>}
        {view.price}
        {view.suffix && (
          <span className="text-base font-normal">
            {view.suffix}
            <span className="sr-only"> (per person)</span>
          </span>
        )}
      </span>
      {view.wasPrice && (
        <span className="text-gray-700">
          {view.wasLabel === "RRP" ? <span className="mr-1 text-sm">RRP</span> : <span className="sr-only">was </span>}
          {view.wasLabel === "RRP" ? view.wasPrice : <s>{view.wasPrice}</s>}
        </span>
      )}
      {view.discountLabel && (
        <span className="ml-auto rounded bg-brand-dark px-2 py-0.5 text-sm font-bold text-white" data-testid="discount">
          {view.discountLabel}
        </span>
      )}
    </p>
  );
}
