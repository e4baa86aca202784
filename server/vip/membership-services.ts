import type { Actor } from "../../modules/states/transition";
import type { RenewalServices } from "../../modules/vip/renew-membership";
import { paymentProvider } from "../buying/buying-context";
import type { RequestServices } from "../context";

/** What the VIP membership use cases need from a request: the gateway, links on this brand, and the log. */
export function renewalServices(services: Pick<RequestServices, "db" | "clock" | "publicOrigin" | "log" | "adapters">): RenewalServices {
  return { provider: paymentProvider(services), linkOrigin: () => services.publicOrigin, log: services.log };
}

/** The signed-in shopper, as the membership's history names them. */
export function shopperActor(customerId: number): Actor {
  return { type: "customer", id: String(customerId) };
}
