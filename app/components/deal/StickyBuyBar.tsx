import type { PriceFacts } from "../../../modules/catalog/rules/price-display";
import { PriceBlock } from "../PriceBlock";
import { BUY_NOW_FORM_ID } from "./BuyNowForm";

/**
 * On phones and tablets the price and Buy now stay in reach at the bottom of the deal page. The
 * button submits the buy panel's own form (the `form` attribute), so it sends the option the
 * shopper chose there, with or without JavaScript. Hidden from lg up, where the buy panel sits
 * beside the pictures. The page's scroll-padding-bottom (app.css) keeps focused fields clear of it.
 */
export function StickyBuyBar({ facts, headline, disabled }: { facts: PriceFacts; headline: string; disabled: boolean }) {
  return (
    <div className="sticky-buy-bar fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white/95 px-4 py-2 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] backdrop-blur lg:hidden" data-testid="sticky-buy-bar">
      <div className="mx-auto flex max-w-3xl items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm text-gray-700" aria-hidden="true">
            {headline}
          </p>
          <PriceBlock facts={facts} size="compact" />
        </div>
        <button type="submit" form={BUY_NOW_FORM_ID} disabled={disabled} className="shrink-0 rounded bg-brand px-5 py-3 font-bold text-white hover:bg-brand-dark disabled:opacity-70">
          Buy now
        </button>
      </div>
    </div>
  );
}
