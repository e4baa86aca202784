import { redirect } from "react-router";
import { marketTimeZone } from "../../lib/market-time";
import { safeLocalPath } from "../../server/accounts/redirects";
import type { RequestServices } from "../../server/context";
import { currentMerchant, type SignedInMerchant } from "../../server/merchants/merchant-session";

export const PORTAL_HOME = "/merchant";
export const PORTAL_LOGIN = "/merchant/login";

/**
 * For the portal's loaders and actions: the signed-in merchant user, or a redirect to the portal's
 * sign-in that comes back here. A shopper's session does not count.
 */
export async function requireMerchant(context: RequestServices, request: Request): Promise<SignedInMerchant> {
  const merchant = await currentMerchant(context);
  if (merchant) return merchant;
  const url = new URL(request.url);
  const target = url.pathname.replace(/\.data$/, "") + url.search;
  throw redirect(`${PORTAL_LOGIN}?redirectUrl=${encodeURIComponent(target)}`);
}

/** Where to go after signing in: back to the portal page asked for, never anywhere else. */
export function portalDestination(redirectUrl: unknown): string {
  const path = safeLocalPath(redirectUrl);
  return path && (path === PORTAL_HOME || path.startsWith(`${PORTAL_HOME}/`) || path.startsWith(`${PORTAL_HOME}?`)) ? path : PORTAL_HOME;
}

/** The market's time zone: dates on the portal read as the merchant's clock does. */
export function portalTimeZone(context: Pick<RequestServices, "brand">): string {
  return marketTimeZone(context.brand.countryCode);
}
