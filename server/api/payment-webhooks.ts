import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { storeWebhookEvent } from "../../modules/payments/webhook-events";
import type { AppEnv } from "../context";
import { paymentProvider } from "../buying/buying-context";
import { apiError } from "../errors";
import { checkRateLimit } from "../security/rate-limits";
import { rateLimitedResponse } from "./account-helpers";
import { errors, json } from "./account-schemas";

const webhookRoute = createRoute({
  method: "post",
  path: "/payments/webhook/{provider}",
  summary:
    "A payment gateway's webhook. The raw JSON body is verified with the provider's signature (sandbox: the Sandbox-Signature header " +
    "t=<unix seconds>,v1=<hex HMAC-SHA256 of 't.body'> with SANDBOX_WEBHOOK_SECRET, at most 5 minutes old), stored once per event id " +
    "and processed once by the payments.process-webhooks job. No session or CSRF token",
  request: {
    params: z.object({
      provider: z
        .string()
        .max(40)
        .openapi({ param: { name: "provider", in: "path" } }),
    }),
  },
  responses: {
    200: {
      description: "Stored (received: true), or a redelivery of an event already stored (duplicate: true)",
      ...json(z.object({ received: z.boolean(), duplicate: z.boolean() })),
    },
    default: errors("401 signature missing, wrong or too old (nothing stored); 404 unknown provider; 413 body too large; 429 too many deliveries"),
  },
});

/** Webhooks come from the gateway, not a browser: the signature, not a CSRF token, says who sent them (server/security/csrf.ts lets them by). */
export function registerPaymentWebhookRoutes(api: OpenAPIHono<AppEnv>): void {
  api.openapi(webhookRoute, async (c) => {
    const limited = rateLimitedResponse(c, await checkRateLimit(c.var, "paymentWebhook"));
    if (limited) return limited;
    const provider = paymentProvider(c.var);
    if (c.req.valid("param").provider !== provider.name) return apiError(c, 404, "NOT_FOUND", "No such payment provider");
    const rawBody = await c.req.text();
    const verified = provider.parseWebhook({
      rawBody,
      header: (name) => c.req.header(name),
    });
    if (!verified.ok) {
      c.get("log").warn({ provider: provider.name, reason: verified.reason }, "payment webhook refused");
      return apiError(c, 401, "WEBHOOK_UNVERIFIED", verified.reason);
    }
    const stored = await storeWebhookEvent(c.get("db"), provider.name, verified.event, c.get("clock").now());
    return c.json({ received: true, duplicate: !stored }, 200);
  });
}
