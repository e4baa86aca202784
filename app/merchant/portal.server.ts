import { data, redirect } from "react-router";
import { marketTimeZone } from "../../lib/market-time";
import { safeLocalPath } from "../../server/accounts/redirects";
import type { RequestServices } from "../../server/context";
import type { MerchantUserRole } from "../../modules/merchants/schema";
import { currentMerchant, type SignedInMerchant } from "../../server/merchants/merchant-session";

export const PORTAL_HOME = "/merchant";
export const PORTAL_LOGIN = "/merchant/login";

/**
 * For the portal's loaders and actions: the signed-in merchant user, or a redirect to the portal's
 * sign-in that comes back here. A shopper's session does not count.
 */
export async function requireMerchant(context: RequestServices, request: Request): Promise<SignedInMerchant> {
  const merchant = await currentMerchant(context);
  const url = new URL(request.url);
  const path = url.pathname.replace(/\.data$/, "");
  if (!merchant) throw redirect(`${PORTAL_LOGIN}?redirectUrl=${encodeURIComponent(path + url.search)}`);
  if (!portalPageAllowed(merchant.user.role, path)) {
    throw data({ message: "Your account may only redeem vouchers. Ask the person who runs your merchant account for more." }, { status: 403, headers: { "Cache-Control": "private, no-store" } });
  }
  return merchant;
}

/** The portal pages a redeem-only merchant user may open: the till and the redemptions list. */
export const REDEEM_ONLY_PAGES: readonly string[] = [PORTAL_HOME, `${PORTAL_HOME}/redemptions`];

/** Whether a merchant user of this role may open this portal path (checked by every portal loader and action). */
export function portalPageAllowed(role: MerchantUserRole, path: string): boolean {
  if (role === "full") return true;
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return REDEEM_ONLY_PAGES.includes(trimmed);
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
