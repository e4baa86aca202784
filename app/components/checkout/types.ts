import type { Route } from "../../routes/+types/checkout";

/** The checkout page's data as the loader sends it (dates as strings, money in minor units). */
export type CheckoutPageData = Route.ComponentProps["loaderData"];
export type CheckoutData = CheckoutPageData["checkout"];
export type CheckoutLine = CheckoutData["basket"]["products"][number];

/** 'Your Details': who receives the vouchers and where (spec §3 Forms). */
export interface DeliveryDetails {
  firstName: string;
  lastName: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  postcode: string;
}
