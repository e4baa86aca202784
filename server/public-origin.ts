import type { BrandId } from "../lib/brand";
import type { Config } from "../lib/config";

/**
 * The origin of every absolute link (emails, canonical, og:url, sitemap, share links): the brand's
 * configured public origin, never the request's Host header, which anyone can set. Behind a TLS
 * proxy that says so (`X-Forwarded-Proto: https`, believed only with TRUST_PROXY=on) an http
 * origin becomes https; nothing ever downgrades to http.
 */
export function publicOrigin(config: Pick<Config, "publicOrigins" | "TRUST_PROXY">, brand: BrandId, forwardedProto: string | undefined): string {
  const origin = config.publicOrigins[brand];
  // With one proxy in front, the last value is the one that proxy wrote.
  const proto = config.TRUST_PROXY === "on" ? forwardedProto?.split(",").at(-1)?.trim().toLowerCase() : undefined;
  return proto === "https" && origin.startsWith("http:") ? `https:${origin.slice("http:".length)}` : origin;
}
