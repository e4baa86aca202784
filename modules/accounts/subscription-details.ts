import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { findActiveCustomerByEmail } from "./customers";
import { isLocked } from "../sign-in/lockout";
import { isSubscribed } from "./newsletter";

/** What the sign-in and checkout screens learn about an email (spec §3 subscription lookup result). */
export interface SubscriptionDetails {
  hasPassword: boolean;
  isLocked: boolean;
  isRegistered: boolean;
  /** Kept as the string "true" or "false", as the spec stores it. */
  isSubscribed: "true" | "false";
  /** Third-party login: the account signs in with Google or Facebook. */
  tpl: boolean;
}

export async function lookupSubscriptionDetails(
  db: Db,
  clock: Clock,
  query: { brand: BrandId; email: string },
): Promise<SubscriptionDetails> {
  const customer = await findActiveCustomerByEmail(db, query.brand, query.email);
  const subscribed = await isSubscribed(db, query.brand, query.email);
  return {
    hasPassword: customer?.passwordHash != null,
    isLocked: customer ? isLocked(customer, clock.now()) : false,
    isRegistered: customer !== null,
    isSubscribed: subscribed ? "true" : "false",
    tpl: customer ? customer.googleSubject !== null || customer.facebookLinked : false,
  };
}
