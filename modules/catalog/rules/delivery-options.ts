import type { ProductDeliveryOption } from "../schema";

export type DeliveryMethod = ProductDeliveryOption["method"];

/** What each way of getting the goods is called wherever a shopper sees it (deal page, checkout, order). */
export const DELIVERY_LABELS: Record<DeliveryMethod, string> = {
  standard: "Standard delivery (3 to 5 working days)",
  next_day: "Next working day delivery",
  click_and_collect: "Click and collect (9 to 5 weekdays)",
};

/**
 * How the deal editor describes a posted deal's delivery (docs/decisions/deal-editor-delivery.md):
 * standard delivery always, next-day when priced, click and collect (free) when an address is given.
 */
export interface DealDelivery {
  standardPrice: number;
  nextDayPrice: number | null;
  collectFrom: string | null;
}

/** The options every product of a posted deal offers, in the order shown. */
export function deliveryOptionsFor(delivery: DealDelivery): ProductDeliveryOption[] {
  return [
    { method: "standard", label: DELIVERY_LABELS.standard, price: delivery.standardPrice },
    ...(delivery.nextDayPrice === null ? [] : [{ method: "next_day" as const, label: DELIVERY_LABELS.next_day, price: delivery.nextDayPrice }]),
    ...(delivery.collectFrom === null ? [] : [{ method: "click_and_collect" as const, label: DELIVERY_LABELS.click_and_collect, price: 0, collectFrom: delivery.collectFrom }]),
  ];
}

/** The editor's view of stored options (the inverse of deliveryOptionsFor); `postage` stands in for standard when none is stored. */
export function dealDeliveryOf(options: readonly ProductDeliveryOption[], postage: number | null): DealDelivery {
  const of = (method: DeliveryMethod) => options.find((option) => option.method === method);
  return {
    standardPrice: of("standard")?.price ?? postage ?? 0,
    nextDayPrice: of("next_day")?.price ?? null,
    collectFrom: of("click_and_collect")?.collectFrom ?? null,
  };
}

/** What listings call the deal's postage ("free delivery" when 0): the cheapest option that is posted. */
export function cheapestPostage(options: readonly ProductDeliveryOption[]): number | null {
  const posted = options.filter((option) => option.method !== "click_and_collect").map((option) => option.price);
  return posted.length === 0 ? null : Math.min(...posted);
}

/**
 * The option a basket line gets: the one the shopper chose, else the cheapest that is posted (so
 * nothing dearer is chosen for them, and nobody is sent to collect what they did not ask to), else
 * the first; null when the product lists none (then the deal's single postage applies).
 */
export function chosenDeliveryOption(options: readonly ProductDeliveryOption[], chosen: string | null | undefined): ProductDeliveryOption | null {
  if (options.length === 0) return null;
  const asked = options.find((option) => option.method === chosen);
  if (asked) return asked;
  const posted = options.filter((option) => option.method !== "click_and_collect");
  return posted.reduce<ProductDeliveryOption | null>((best, option) => (best === null || option.price < best.price ? option : best), null) ?? options[0];
}

/** Whether a product offers a delivery method a shopper asks for. */
export function offersDelivery(options: readonly ProductDeliveryOption[], method: string): boolean {
  return options.some((option) => option.method === method);
}

/** How an order names the delivery chosen: "Next working day delivery", "Click and collect (…): collect from 1 High St, Leeds". */
export function deliveryChoiceText(option: ProductDeliveryOption): string {
  return option.method === "click_and_collect" && option.collectFrom ? `${option.label}: collect from ${option.collectFrom}` : option.label;
}
