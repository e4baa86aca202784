import { getConnInfo } from "@hono/node-server/conninfo";
import type { MiddlewareHandler } from "hono";
import { apiError } from "../errors";

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  return v4.startsWith("127.") || address === "::1";
}

/**
 * Answers only requests whose socket comes from this machine. The socket's address, never
 * X-Forwarded-For, which any client can write. For the demo's mailbox and development tools.
 */
export function loopbackOnly(): MiddlewareHandler {
  return async (c, next) => {
    let address: string | undefined;
    try {
      address = getConnInfo(c).remote.address;
    } catch {
      // In-process requests (tests, background refreshes) have no socket: not from this machine's network stack.
      address = undefined;
    }
    if (!isLoopbackAddress(address)) return apiError(c, 403, "FORBIDDEN", "The demo's development aids answer only on this machine (http://localhost).");
    await next();
  };
}
