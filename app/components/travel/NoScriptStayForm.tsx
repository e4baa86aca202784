import { passengersText } from "./TravelPickers";

/**
 * Without JavaScript there is no live calendar: the shopper types the dates, and the basket
 * checks them (the checkout start page asks once more, with its CSRF token).
 */
export function NoScriptStayForm({ dealId, products, leadProductId }: { dealId: number; products: { id: number; friendlyName: string }[]; leadProductId: number | null }) {
  return (
    <form method="get" action="/checkout" className="mt-4 flex flex-col gap-3 rounded border border-gray-300 p-3">
      <p>Our calendar needs JavaScript. Choose your dates here instead; we check them before you pay.</p>
      <input type="hidden" name="dealId" value={dealId} />
      <input type="hidden" name="quantity" value="1" />
      <label className="flex flex-col gap-1 font-bold">
        Option
        <select name="productId" defaultValue={leadProductId ?? products[0]?.id} className="rounded border border-gray-500 bg-white px-3 py-2 font-normal">
          {products.map((product) => (
            <option key={product.id} value={product.id}>
              {product.friendlyName}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 font-bold">
        Check-in date
        <input type="date" name="checkInDate" required className="rounded border border-gray-500 px-3 py-2 font-normal" />
      </label>
      <label className="flex flex-col gap-1 font-bold">
        Check-out date
        <input type="date" name="checkOutDate" required className="rounded border border-gray-500 px-3 py-2 font-normal" />
      </label>
      <label className="flex flex-col gap-1 font-bold">
        Passengers
        <select name="guests" defaultValue="2" className="rounded border border-gray-500 bg-white px-3 py-2 font-normal">
          {[2, 4, 6, 8].map((count) => (
            <option key={count} value={count}>
              {passengersText(count)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="rounded bg-brand px-5 py-3 font-bold text-white">
        Check dates and buy
      </button>
    </form>
  );
}
