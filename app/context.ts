import type { RequestServices } from "../server/context";

// Page loaders and actions receive the same per-request services as the API routes.
declare module "react-router" {
  interface AppLoadContext extends RequestServices {}
}

export {};
