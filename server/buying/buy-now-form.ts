import type { UtmAttribution } from "../../lib/attribution";
import { BasketError } from "../../modules/basket/errors";

/** Spec §5: a deal with options needs one chosen before it can go in the basket. */
export const CHOOSE_OPTION_MESSAGE = "Please select one of the options above.";

export interface BuyNowRequest {
  dealId: number;
  productId: number;
  quantity: number;
  /** A dated travel stay chosen on the deal page's calendar (docs/decisions/travel-booking.md). */
  travel?: BuyNowTravel;
}

/**
 * The travel fields a Buy now form may carry: checkInDate, checkOutDate (YYYY-MM-DD), guests,
 * outboundFlightId and inboundFlightId, and a hotel-ads landing's leadInProductId, utmMedium and
 * utmSource (mapped by modules/travel/hotel-ads.ts when the line is stored).
 */
export interface BuyNowTravel extends UtmAttribution {
  checkInDate: string | null;
  checkOutDate: string | null;
  guests: number | null;
  flights: { outboundFlightId: number; inboundFlightId: number } | null;
  leadInProductId: number | null;
}

/** The names of the travel fields, as the form posts them (hidden fields of the confirm step too). */
export const BUY_NOW_TRAVEL_FIELDS = ["checkInDate", "checkOutDate", "guests", "outboundFlightId", "inboundFlightId", "leadInProductId", "utmMedium", "utmSource"] as const;

function parseTravel(get: (name: string) => unknown): BuyNowTravel | undefined {
  const text = (name: string) => {
    const value = get(name);
    return typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, 100) : null;
  };
  if (BUY_NOW_TRAVEL_FIELDS.every((name) => text(name) === null)) return undefined;
  const day = (name: string) => {
    const value = text(name);
    return value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
  };
  const outbound = id(get("outboundFlightId"));
  const inbound = id(get("inboundFlightId"));
  return {
    checkInDate: day("checkInDate"),
    checkOutDate: day("checkOutDate"),
    guests: id(get("guests")),
    flights: outbound !== null && inbound !== null ? { outboundFlightId: outbound, inboundFlightId: inbound } : null,
    leadInProductId: id(get("leadInProductId")),
    utmMedium: text("utmMedium"),
    utmSource: text("utmSource"),
  };
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
  const travel = parseTravel(get);
  return { ok: true, request: travel ? { dealId, productId, quantity, travel } : { dealId, productId, quantity } };
}
