import type { BuyingSettings } from "../server/buying/buying-context";
import type { RequestServices } from "../server/context";

// Page loaders and actions receive the same per-request services as the API routes, plus the
// buying settings (reservation time, payment methods switched on) the basket and checkout pages need.
declare module "react-router" {
  interface AppLoadContext extends RequestServices {
    buying: BuyingSettings;
  }
}

export {};
