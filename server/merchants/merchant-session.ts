import { findMerchantSession, type MerchantUserSummary, revokeMerchantSession, startMerchantSession } from "../../modules/merchants/merchant-sessions";
import { renewCsrfKey } from "../accounts/visitor-session";
import type { RequestServices } from "../context";

/**
 * The portal's own session cookie (HttpOnly, SameSite=Lax, Secure where the shop's cookies are,
 * ending with the browser). It is not the shopper's `session`: a merchant session never signs
 * anyone in to the shop, and a shopper's never opens the portal.
 */
export const MERCHANT_SESSION_COOKIE = "merchantSession";

type Services = Pick<RequestServices, "db" | "clock" | "cookies">;

export interface SignedInMerchant {
  sessionId: string;
  user: MerchantUserSummary;
}

// One lookup per request, however many loaders of the page ask (the layout and the page).
const lookups = new WeakMap<object, Promise<SignedInMerchant | null>>();

/** The signed-in merchant user of this request, or null (a stale cookie is dropped). */
export function currentMerchant(services: Services): Promise<SignedInMerchant | null> {
  let lookup = lookups.get(services.cookies);
  if (!lookup) {
    lookup = (async () => {
      const token = services.cookies.get(MERCHANT_SESSION_COOKIE);
      if (!token) return null;
      const session = await findMerchantSession(services.db, services.clock, token);
      if (!session) {
        services.cookies.delete(MERCHANT_SESSION_COOKIE);
        return null;
      }
      return { sessionId: session.id, user: session.user };
    })();
    lookups.set(services.cookies, lookup);
  }
  return lookup;
}

/**
 * Starts a portal session (ending any earlier one on this browser) and renews the browser's CSRF
 * key, so forms from before signing in stop working (as the shopper's sign-in does).
 */
export async function signInMerchant(services: Services, merchantUserId: number): Promise<void> {
  const previous = await currentMerchant(services);
  if (previous) await revokeMerchantSession(services.db, previous.sessionId);
  const started = await startMerchantSession(services.db, services.clock, merchantUserId);
  services.cookies.set(MERCHANT_SESSION_COOKIE, started.token);
  renewCsrfKey(services.cookies);
  lookups.delete(services.cookies);
}

export async function signOutMerchant(services: Services): Promise<void> {
  const current = await currentMerchant(services);
  if (current) await revokeMerchantSession(services.db, current.sessionId);
  services.cookies.delete(MERCHANT_SESSION_COOKIE);
  renewCsrfKey(services.cookies);
  lookups.delete(services.cookies);
}
