import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context";
import { withScriptHashes } from "./inline-script-hashes";
import { NONCE, secureHeaders } from "hono/secure-headers";
import type { Config } from "../../lib/config";

/** Google's sign-in script, its button's styles and its iframe (only when GOOGLE_CLIENT_ID is set). */
const GOOGLE_SIGN_IN = "https://accounts.google.com/gsi/";
/** The merchant portal's code look-up page. */
const MERCHANT_TILL_PATH = "/merchant";

/**
 * Security headers on every response. Inline scripts (React Router's hydration data and module
 * loader, React's streaming scripts) run only with this response's nonce, never 'unsafe-inline';
 * inline styles stay allowed (React style attributes, the dev mailbox). No page may be framed
 * (clickjacking on checkout and account pages). HSTS only where the shop runs on https.
 */
export function securityHeaders(config: Pick<Config, "NODE_ENV" | "demo" | "GOOGLE_CLIENT_ID"> & { mapTiles?: Config["mapTiles"] }): MiddlewareHandler<AppEnv> {
  const google = config.GOOGLE_CLIENT_ID ? [GOOGLE_SIGN_IN] : [];
  // The map view's tile images, only when MAP_TILE_URL is configured (the offline basemap needs nothing).
  const mapTiles = config.mapTiles ? [config.mapTiles.origin] : [];
  const headers = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", NONCE, ...google],
      styleSrc: ["'self'", "'unsafe-inline'", ...google],
      imgSrc: ["'self'", "data:", ...mapTiles],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", ...google],
      frameSrc: google.length ? google : ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
    // Google's sign-in popup must be able to answer the page that opened it.
    crossOriginOpenerPolicy: "same-origin-allow-popups",
    // Deal images are also shown by webmail (order emails) and link previews on other sites.
    crossOriginResourcePolicy: false,
    strictTransportSecurity: config.NODE_ENV === "production" && !config.demo ? "max-age=31536000; includeSubDomains" : false,
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      usb: [],
      payment: ["self"],
    },
  });
  return async (c, next) => {
    await headers(c, next);
    // The merchant portal's till scans voucher QR codes with the device camera; nothing else may use it.
    if (c.req.path === MERCHANT_TILL_PATH) {
      const permissions = c.res.headers.get("permissions-policy");
      if (permissions) c.res.headers.set("permissions-policy", permissions.replace("camera=()", "camera=(self)"));
    }
    // Near me's "Use my location" asks for the position; no other page may.
    if (c.req.path.startsWith("/near-me/")) {
      const permissions = c.res.headers.get("permissions-policy");
      if (permissions) c.res.headers.set("permissions-policy", permissions.replace("geolocation=()", "geolocation=(self)"));
    }
    // A page answered from the page cache: its scripts are allowed by their hashes, not a nonce.
    const hashes = c.get("cspScriptHashes");
    const policy = c.res.headers.get("content-security-policy");
    if (hashes && policy) c.res.headers.set("content-security-policy", withScriptHashes(policy, hashes));
  };
}

/** The nonce of this response's Content-Security-Policy (set by securityHeaders before any handler). */
export function cspNonce(c: Parameters<MiddlewareHandler>[0]): string {
  const nonce = c.get("secureHeadersNonce");
  if (!nonce) throw new Error("securityHeaders must run before pages render");
  return nonce;
}
