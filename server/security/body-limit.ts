import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { apiError } from "../errors";

/** No JSON call or page form needs more: the largest (an order with an address and gift messages) is a few KB. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Refuses a request body above the limit with 413 before reading it whole: at once when
 * Content-Length says so, otherwise as soon as the streamed body passes the limit.
 */
export function limitRequestBodies(maxBytes = MAX_BODY_BYTES): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) => apiError(c, 413, "PAYLOAD_TOO_LARGE", `The request body is larger than ${Math.round(maxBytes / 1024)} KB.`),
  });
}
