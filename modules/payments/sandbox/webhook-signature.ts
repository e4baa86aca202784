import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { WebhookVerification } from "../provider";

/** The header a sandbox webhook is signed in: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const SANDBOX_SIGNATURE_HEADER = "sandbox-signature";

/** How old (or early) a signed timestamp may be: an older delivery is refused as a possible replay. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const eventSchema = z.object({
  id: z.string().min(1).max(100),
  type: z.string().min(1).max(100),
  data: z.record(z.string(), z.unknown()),
});

function digest(secret: string, timestamp: string, rawBody: string): Buffer {
  return createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest();
}

/** The signature header for `rawBody` sent at `now` (the sandbox gateway signs what it sends). */
export function signSandboxWebhook(secret: string, rawBody: string, now: Date): string {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return `t=${timestamp},v1=${digest(secret, timestamp, rawBody).toString("hex")}`;
}

/**
 * Verifies a sandbox webhook: the signature over the raw body (compared in constant time), a
 * timestamp within the tolerance, then the event's shape. Nothing about a refused one is trusted.
 */
export function verifySandboxWebhook(secret: string | null, rawBody: string, header: string | undefined, now: Date): WebhookVerification {
  if (!secret)
    return {
      ok: false,
      reason: "Webhooks are not configured for this provider.",
    };
  const parts = new Map((header ?? "").split(",").map((part) => part.trim().split("=", 2) as [string, string]));
  const timestamp = parts.get("t") ?? "";
  const signature = parts.get("v1") ?? "";
  if (!/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(signature))
    return {
      ok: false,
      reason: "The webhook signature is missing or malformed.",
    };
  if (!timingSafeEqual(digest(secret, timestamp, rawBody), Buffer.from(signature, "hex"))) return { ok: false, reason: "The webhook signature does not match." };
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS)
    return {
      ok: false,
      reason: "The webhook timestamp is too old or too new.",
    };
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return { ok: false, reason: "The webhook body is not JSON." };
  }
  const event = eventSchema.safeParse(body);
  if (!event.success) return { ok: false, reason: "The webhook body is not an event." };
  return {
    ok: true,
    event: {
      eventId: event.data.id,
      type: event.data.type,
      payload: event.data.data,
    },
  };
}
