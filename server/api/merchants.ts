import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { merchantDashboardUrl, MERCHANT_TYPES } from "../../modules/merchants/dashboard-url";
import { merchantError } from "../../modules/merchants/errors";
import { inviteMerchantUser } from "../../modules/merchants/invite-merchant-user";
import { merchantOfDeal } from "../../modules/merchants/merchant-of-deal";
import { emailField, requiredText } from "../../modules/accounts/validation";
import type { AppEnv } from "../context";
import { recordId } from "../../lib/input";
import { errors, json } from "./account-schemas";

const dashboardUrlRoute = createRoute({
  method: "get",
  path: "/merchant-dashboard-url",
  summary: "Spec §7: the merchant portal's address for a type of merchant (absolute, from the brand's public origin)",
  request: {
    query: z.object({ merchantType: z.string().max(40).optional().openapi({ description: `One of ${MERCHANT_TYPES.join(", ")}`, example: "local" }) }),
  },
  responses: {
    200: { description: "The portal's address", ...json(z.object({ url: z.string().openapi({ example: "https://www.wowcher.co.uk/merchant" }) }).openapi("MerchantDashboardUrl")) },
    400: errors("Unknown merchant type"),
  },
});

/** The merchant portal's public JSON: where merchants sign in. */
export function registerMerchantRoutes(api: OpenAPIHono<AppEnv>): void {
  api.openapi(dashboardUrlRoute, (c) => c.json({ url: merchantDashboardUrl(c.get("publicOrigin"), c.req.valid("query").merchantType) }, 200));
}

const invitationRoute = createRoute({
  method: "post",
  path: "/dev/merchant-invitation",
  summary: "Development only (DEV_TOOLS=on): invite a person to the portal of the merchant behind a deal; answers the invitation link (also emailed)",
  request: { body: json(z.object({ dealId: recordId(), email: emailField, name: requiredText() })) },
  responses: {
    201: { description: "The invitation", ...json(z.object({ url: z.string(), expiresAt: z.string() })) },
    default: errors("404 unknown deal, 409 email of another merchant's user"),
  },
});

/**
 * Inviting a merchant is an operator's job (`npm run merchants -- invite`); this aid does the same
 * for the demo and the browser journey, where the CLI cannot reach the running server's database.
 */
export function registerMerchantDevRoutes(api: OpenAPIHono<AppEnv>): void {
  api.openapi(invitationRoute, async (c) => {
    const body = c.req.valid("json");
    const db = c.get("db");
    const merchantId = await merchantOfDeal(db, body.dealId);
    if (merchantId === null) throw merchantError("UNKNOWN_MERCHANT");
    const invitation = await inviteMerchantUser(db, c.get("clock"), { merchantId, email: body.email, name: body.name, brand: c.get("brand").id, linkOrigin: c.get("publicOrigin") });
    return c.json({ url: invitation.url, expiresAt: invitation.expiresAt.toISOString() }, 201);
  });
}
