import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppDependencies, AppEnv } from "../context";
import { errorResponse } from "../errors";
import { registerAddressRoutes } from "./address";
import { registerAdminRoutes } from "./admin";
import { registerBasketRoutes } from "./basket";
import { buyingSettings } from "../buying/buying-context";
import { registerCheckoutRoutes } from "./checkout";
import { registerPaymentWebhookRoutes } from "./payment-webhooks";
import { registerDevToolRoutes } from "./dev-tools";
import { registerGiftRoutes } from "./gifts";
import { registerAccountRoutes } from "./accounts";
import { registerCatalogRoutes } from "./catalog";
import { registerContentRoutes } from "./content";
import { registerGiftCardRoutes } from "./gift-cards";
import { registerLocationRoutes } from "./locations";
import { registerLoyaltyRoutes } from "./loyalty";
import { registerMerchantDevRoutes, registerMerchantRoutes } from "./merchants";
import { registerRecentlyViewedRoutes } from "./recently-viewed";
import { registerRecommendationRoutes } from "./recommendations";
import { registerReturnRoutes } from "./returns";
import { registerRefundRoutes } from "./refunds";
import { registerReferralRoutes } from "./referrals";
import { registerUserRoutes } from "./user";
import { registerWishlistRoutes } from "./wishlist";
import { registerSearchRoutes } from "./search";
import { registerSponsoredRoutes } from "./sponsored";
import { registerTrackingRoutes } from "./tracking";
import { registerTelemetryRoutes } from "./telemetry";
import type { Metrics } from "../metrics";
import { registerVoucherRoutes } from "./vouchers";
import { registerWalletRoutes } from "./wallet";
import { registerVipSubscriptionRoutes } from "./vip-subscription";
import { registerTravelRoutes } from "./travel";
import { registerGiftFinderRoutes } from "./gift-finder";
import { registerMapViewRoutes } from "./map-view";
import { registerAppShellRoutes } from "./app-shell";

/** The `/v1` JSON API: thin routes that validate with zod and call a domain function. */
export function createApi(deps: Pick<AppDependencies, "config" | "googleKeys">, metrics?: Pick<Metrics, "telemetryEvents">): OpenAPIHono<AppEnv> {
  const api = new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return errorResponse(result.error, c);
    },
  });

  // Routes throw domain errors; this answers them with their own status, code and message.
  api.onError(errorResponse);

  registerLocationRoutes(api);
  registerBasketRoutes(api, buyingSettings(deps.config));
  registerCheckoutRoutes(api, buyingSettings(deps.config));
  registerPaymentWebhookRoutes(api);
  registerAddressRoutes(api);
  registerAccountRoutes(api, deps);
  registerUserRoutes(api);
  registerWishlistRoutes(api);
  registerRecentlyViewedRoutes(api);
  registerRecommendationRoutes(api);
  registerSearchRoutes(api);
  registerSponsoredRoutes(api);
  registerTrackingRoutes(api);
  registerTelemetryRoutes(api, metrics);
  registerCatalogRoutes(api);
  registerGiftFinderRoutes(api);
  // Before the vouchers' GET /voucher/{voucherId}, which would otherwise take /voucher/vve.
  registerRefundRoutes(api);
  registerVoucherRoutes(api);
  registerReturnRoutes(api);
  registerWalletRoutes(api);
  registerGiftCardRoutes(api);
  registerGiftRoutes(api);
  registerLoyaltyRoutes(api);
  registerReferralRoutes(api);
  registerVipSubscriptionRoutes(api);
  if (deps.config.devTools) registerDevToolRoutes(api);
  registerMerchantRoutes(api);
  if (deps.config.devTools) registerMerchantDevRoutes(api);
  registerContentRoutes(api);
  registerTravelRoutes(api);
  registerMapViewRoutes(api);
  registerAppShellRoutes(api);
  registerAdminRoutes(api, { demo: deps.config.demo });

  api.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: { title: "Dealwise API", version: "1.0.0" },
    servers: [{ url: "/v1" }],
  });
  return api;
}
