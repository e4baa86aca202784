import { type Currency, formatMoney } from "../../../lib/money";
import type { BundleChild, DealProduct } from "../../../modules/catalog/deal-detail/get-deal";

/** The promotion the deal runs under (spec: promoType.title), e.g. "Black Friday". */
export function PromoTypeBadge({ title }: { title: string }) {
  return <p className="w-fit rounded bg-brand px-2 py-1 text-sm font-bold text-white">{title}</p>;
}

/** Spec: userDealInfo.maxQuantityUserCanBuy, "You can buy up to N". */
export function PurchaseCapNote({ max, cap }: { max: number | null; cap: number | null }) {
  if (max === null) return null;
  if (max === 0) return <p className="text-sm font-bold">You have already bought the most allowed of this deal ({cap ?? 0} per customer).</p>;
  return <p className="text-sm font-bold">You can buy up to {max}</p>;
}

/** Delivery choices with their prices (click and collect names where); checkout offers the same ones and charges the one chosen. */
export function DeliveryOptions({ product, currency }: { product: DealProduct | undefined; currency: Currency }) {
  if (!product || product.deliveryOptions.length === 0) return null;
  return (
    <section aria-labelledby="deal-delivery" className="rounded-lg bg-white p-4 ring-1 ring-gray-200">
      <h2 id="deal-delivery" className="mb-2 text-lg font-bold">
        Delivery options
      </h2>
      <ul className="flex flex-col gap-1" data-testid="delivery-options">
        {product.deliveryOptions.map((option) => (
          <li key={option.method} className="flex justify-between gap-3">
            <span>
              {option.label}
              {option.method === "click_and_collect" && option.collectFrom && <span className="block text-sm text-gray-700">Collect from {option.collectFrom}</span>}
            </span>
            <span className="font-bold">{formatMoney(option.price, currency)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A bundle deal's parts, each with the business that provides it (spec: bundle.children[]). */
export function BundleContents({ items }: { items: BundleChild[] }) {
  return (
    <section aria-labelledby="deal-bundle" className="rounded-lg bg-white p-4 ring-1 ring-gray-200">
      <h2 id="deal-bundle" className="mb-2 text-xl font-bold">
        What&apos;s in this bundle
      </h2>
      <ul className="flex flex-col gap-3" data-testid="bundle-children">
        {items.map((child) => (
          <li key={`${child.businessName}-${child.name}`}>
            <p className="font-bold">{child.name}</p>
            <p className="text-sm text-gray-700">
              Provided by {child.businessName}
              {child.vatNumber && <> · VAT number {child.vatNumber}</>}
            </p>
            {child.locations.length > 0 && <p className="text-sm text-gray-700">Where: {child.locations.join(", ")}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The option that sold the most (computed from sales, never a flag), with the count that makes it so. */
export function BestSellerNote({ product }: { product: DealProduct | undefined }) {
  if (!product) return null;
  return (
    <p className="text-sm" data-testid="best-seller">
      <span className="mr-2 rounded bg-yellow-200 px-1.5 py-0.5 font-bold text-yellow-900">Best seller</span>
      {product.friendlyName} ({product.totalBought.toLocaleString("en-GB")} sold)
    </p>
  );
}
