import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The address a request came from, for per-IP rate limits. Behind one trusted reverse proxy
 * (TRUST_PROXY=on) it is the last X-Forwarded-For entry, the one that proxy appended; earlier
 * entries are whatever the client claimed and are ignored.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for");
    const last = forwarded?.split(",").at(-1)?.trim();
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // Requests made in-process (tests, background page refreshes) have no socket.
    return "unknown";
  }
}
