import type { MiddlewareHandler } from "hono";
import { findCustomerByToken } from "../../modules/accounts/customers";
import { findActiveSession } from "../../modules/accounts/sessions";
import { loadOrCreateSecret } from "../../modules/security/secrets";
import type { AppDependencies, AppEnv } from "../context";
import { clientIp } from "../security/client-ip";
import { ResponseCookieJar, YEAR_SECONDS } from "../security/cookies";
import { csrfRejected, passesCsrfCheck } from "../security/csrf";
import { CUSTOMER_TOKEN_COOKIE } from "./sign-in";
import { CookieVisitorSession, SESSION_COOKIE } from "./visitor-session";

/** Spec §5: a customer token shorter than this is not one. */
const MIN_CUSTOMER_TOKEN_LENGTH = 10;

/**
 * Per request: the cookie jar, the signed-in customer (one indexed lookup, only when a session
 * cookie is present), the session service with its CSRF token, and the CSRF check for every
 * request that changes something. Cookies set by route code are written onto the response.
 */
export function visitorMiddleware(deps: AppDependencies): MiddlewareHandler<AppEnv> {
  const secure = deps.config.NODE_ENV === "production";
  const trustProxy = deps.config.TRUST_PROXY === "on";
  let csrfSecret: Promise<Buffer> | undefined;

  return async (c, next) => {
    const db = c.get("db");
    const clock = c.get("clock");
    const brand = c.get("brand");
    csrfSecret ??= loadOrCreateSecret(db, "csrf").catch((error: unknown) => {
      csrfSecret = undefined;
      throw error;
    });
    const cookies = new ResponseCookieJar(c.req.header("cookie"), secure);
    const token = cookies.get(SESSION_COOKIE);
    const active = token ? await findActiveSession(db, clock, token, brand.id) : null;
    // A stale cookie (expired, revoked, another brand's) is dropped so the visitor counts as a guest again.
    if (token && !active) cookies.delete(SESSION_COOKIE);
    const session = new CookieVisitorSession({ db, clock, brand, cookies, csrfSecret: await csrfSecret }, active);
    c.set("clientIp", clientIp(c, trustProxy));
    c.set("cookies", cookies);
    c.set("customer", active?.customer ?? null);
    c.set("session", session);

    if (!(await passesCsrfCheck(c, session))) {
      const rejected = csrfRejected(c);
      for (const header of cookies.setCookieHeaders()) rejected.headers.append("set-cookie", header);
      return rejected;
    }
    await rememberEmailCustomerToken(cookies, c.req.query("ct"), async (ct) => (await findCustomerByToken(db, brand.id, ct)) !== null);
    await next();
    for (const header of cookies.setCookieHeaders()) c.res.headers.append("set-cookie", header);
  };
}

/** Spec §6: a guest arriving from an email link with a customer token gets it stored (1 year). */
async function rememberEmailCustomerToken(
  cookies: ResponseCookieJar,
  ct: string | undefined,
  exists: (ct: string) => Promise<boolean>,
): Promise<void> {
  if (!ct || ct.length < MIN_CUSTOMER_TOKEN_LENGTH || ct.length > 100 || cookies.get(CUSTOMER_TOKEN_COOKIE) === ct) return;
  if (await exists(ct)) cookies.set(CUSTOMER_TOKEN_COOKIE, ct, { maxAgeSeconds: YEAR_SECONDS });
}
