import type { CustomerSummary } from "../../modules/accounts/customers";
import { mergeVisitorViews } from "../../modules/recently-viewed/recently-viewed";
import { mergeGuestWishlist } from "../../modules/wishlist/merge-guest-wishlist";
import type { RequestServices } from "../context";
import { YEAR_SECONDS } from "../security/cookies";
import { claimGuestBasket } from "../buying/buying-context";

/** Spec §9: the customer token cookie lasts a year. */
export const CUSTOMER_TOKEN_COOKIE = "customer_token";
/** A guest's wishlist id (spec §9: 7 days). */
export const WISHLIST_COOKIE = "wishlist_id";
export const WISHLIST_COOKIE_SECONDS = 7 * 86_400;
/** A guest's random visitor id for recently viewed deals. */
export const RECENTLY_VIEWED_COOKIE = "recently_viewed_id";

/**
 * Everything signing in means, for the API and the login, register and reset pages alike: a new
 * session (the id rotates), the customer token cookie, and the guest's wishlist, recently
 * viewed deals and basket merged into the account.
 */
export async function signIn(services: RequestServices, customer: CustomerSummary, options: { rememberMe: boolean }): Promise<void> {
  await services.session.start(customer, options);
  services.cookies.set(CUSTOMER_TOKEN_COOKIE, customer.customerToken, { maxAgeSeconds: YEAR_SECONDS });
  const guestWishlistId = services.cookies.get(WISHLIST_COOKIE);
  if (guestWishlistId) {
    await mergeGuestWishlist(services.db, services.clock, { brand: services.brand.id, guestWishlistId, customerId: customer.id });
    services.cookies.delete(WISHLIST_COOKIE);
  }
  const visitorId = services.cookies.get(RECENTLY_VIEWED_COOKIE);
  if (visitorId) await mergeVisitorViews(services.db, { visitorId, customerId: customer.id });
  await claimGuestBasket(services, customer);
}

/** Signing out revokes the session and forgets the customer token on this browser. */
export async function signOut(services: RequestServices): Promise<void> {
  await services.session.end();
  services.cookies.delete(CUSTOMER_TOKEN_COOKIE);
}
