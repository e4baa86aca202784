import type { ViewOwner } from "../../modules/recently-viewed/recently-viewed";
import { randomToken } from "../../modules/security/tokens";
import type { WishlistViewer } from "../../modules/wishlist/wishlists";
import type { RequestServices } from "../context";
import { YEAR_SECONDS } from "../security/cookies";
import { RECENTLY_VIEWED_COOKIE, WISHLIST_COOKIE } from "./sign-in";

type Visitor = Pick<RequestServices, "brand" | "customer" | "cookies">;

/** Whose wish list a request means: the signed-in customer's, else the guest's from the cookie. */
export function wishlistViewer(visitor: Visitor): WishlistViewer {
  return {
    brand: visitor.brand.id,
    customerId: visitor.customer?.id ?? null,
    guestWishlistId: visitor.cookies.get(WISHLIST_COOKIE) ?? null,
  };
}

/**
 * Whose recently viewed deals: the signed-in customer's, else the guest's random visitor id from
 * the cookie (created, for a year, on the first view when `create` is set).
 */
export function recentlyViewedOwner(visitor: Visitor, create: boolean): ViewOwner | null {
  if (visitor.customer) return { customerId: visitor.customer.id };
  let visitorId = visitor.cookies.get(RECENTLY_VIEWED_COOKIE);
  if (!visitorId && create) {
    visitorId = randomToken(18);
    visitor.cookies.set(RECENTLY_VIEWED_COOKIE, visitorId, { maxAgeSeconds: YEAR_SECONDS });
  }
  return visitorId ? { visitorId } : null;
}
