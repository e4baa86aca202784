import { BasketError } from "../../modules/basket/errors";

/** Spec §5: a deal with options needs one chosen before it can go in the basket. */
export const CHOOSE_OPTION_MESSAGE = "Please select one of the options above.";

export interface BuyNowRequest {
  dealId: number;
  productId: number;
  quantity: number;
}

const id = (value: unknown) => (typeof value === "string" && /^\d{1,10}$/.test(value) ? Number(value) : null);

/**
 * Reads a Buy now request (form fields or query parameters: dealId, productId, quantity). No
 * product chosen is the spec's "select one of the options" message; anything malformed is a
 * product that cannot be bought.
 */
export function parseBuyNow(get: (name: string) => unknown): { ok: true; request: BuyNowRequest } | { ok: false; message: string } {
  const dealId = id(get("dealId"));
  const productId = id(get("productId"));
  const quantityText = get("quantity");
  const quantity = quantityText === null || quantityText === undefined || quantityText === "" ? 1 : id(quantityText);
  if (dealId === null) return { ok: false, message: new BasketError("ITEM_UNAVAILABLE").message };
  if (productId === null) return { ok: false, message: CHOOSE_OPTION_MESSAGE };
  if (quantity === null || quantity < 1 || quantity > 99) return { ok: false, message: new BasketError("INVALID_QUANTITY").message };
  return { ok: true, request: { dealId, productId, quantity } };
}
