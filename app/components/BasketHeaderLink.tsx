import { useBasketQuantity } from "./use-basket-quantity";

/** The header's basket link with the quantity string (personal, so filled in after hydration). */
export function BasketHeaderLink() {
  const basket = useBasketQuantity();
  const quantity = basket?.quantity ?? "";
  return (
    <a
      href={basket ? `/checkout/${basket.token}` : "/checkout"}
      className="flex items-center gap-1 rounded px-2 py-1 text-sm font-bold hover:bg-white/15"
      aria-label={quantity ? `Basket, ${quantity} ${quantity === "1" ? "item" : "items"}` : "Basket"}
    >
      <span aria-hidden="true">Basket</span>
      {quantity && (
        <span aria-hidden="true" data-testid="basket-quantity" className="min-w-6 rounded-full bg-white px-2 text-center text-brand-dark">
          {quantity}
        </span>
      )}
    </a>
  );
}
