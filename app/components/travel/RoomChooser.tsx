import type { StayProduct } from "./travel-api";

/** The stay's options (rooms) when there is more than one, each with its price for this viewer. */
export function RoomChooser({
  products,
  chosenId,
  error,
  priceOf,
  formatPrice,
  onChoose,
}: {
  products: StayProduct[];
  chosenId: number | null;
  error: string | null;
  priceOf: (product: StayProduct) => number;
  formatPrice: (minor: number) => string;
  onChoose: (productId: number) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-bold">Choose your room</legend>
      {error && <p className="text-sm font-bold text-alert">{error}</p>}
      {products.map((candidate, index) => (
        <label key={candidate.productId} className="flex cursor-pointer items-center gap-3 rounded border border-gray-400 bg-white p-3 has-[:checked]:border-brand has-[:checked]:ring-2 has-[:checked]:ring-brand">
          <input
            type="radio"
            name="travel-product"
            id={index === 0 ? "travel-product" : undefined}
            value={candidate.productId}
            checked={chosenId === candidate.productId}
            onChange={() => onChoose(candidate.productId)}
            className="size-[1.1rem] shrink-0"
          />
          <span className="flex-1">{candidate.friendlyName}</span>
          <span className="font-bold">{formatPrice(priceOf(candidate))}</span>
        </label>
      ))}
    </fieldset>
  );
}
