import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { BRANDS } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { findActiveCustomer } from "./customers";
import { sendVerificationLink } from "./email-verification";
import { AccountError } from "./errors";
import { isSubscribed, setNewsletterSubscription } from "./newsletter";
import { formatPostcode } from "./postcodes";
import { customers } from "./schema";
import { normalizeEmail } from "./validation";

export interface CustomerProfile {
  email: string;
  firstName: string;
  lastName: string;
  vipUser: boolean;
  address: { addressLine1: string; addressLine2: string; city: string; postcode: string };
  subscribed: boolean;
  hasPassword: boolean;
  facebookLinked: boolean;
  googleLinked: boolean;
}

export interface ProfileChange {
  firstName: string;
  lastName: string;
  email: string;
  addressLine1?: string;
  addressLine2?: string;
  city?: string;
  postcode?: string;
  /** Newsletter choice; left as it is when absent. */
  subscribed?: boolean;
}

/** The signed-in customer's own details; only ever looked up by the session's customer id. */
export async function getProfile(db: Db, customerId: number): Promise<CustomerProfile> {
  const customer = await findActiveCustomer(db, customerId);
  if (!customer) throw new AccountError("NOT_SIGNED_IN");
  return {
    email: customer.email,
    firstName: customer.firstName,
    lastName: customer.lastName,
    vipUser: customer.vipUser,
    address: {
      addressLine1: customer.addressLine1 ?? "",
      addressLine2: customer.addressLine2 ?? "",
      city: customer.city ?? "",
      postcode: customer.postcode ?? "",
    },
    subscribed: await isSubscribed(db, customer.brand, customer.email),
    hasPassword: customer.passwordHash !== null,
    facebookLinked: customer.facebookLinked,
    googleLinked: customer.googleSubject !== null,
  };
}

/**
 * Saves names, email, address and newsletter choice (already validated with `profileFields`).
 * A new email must not belong to another account of the brand; the newsletter follows the email,
 * and the new email must be verified again.
 */
export async function updateProfile(
  db: Db,
  clock: Clock,
  input: { customerId: number; change: ProfileChange; linkOrigin: string },
): Promise<CustomerProfile> {
  const customer = await findActiveCustomer(db, input.customerId);
  if (!customer) throw new AccountError("NOT_SIGNED_IN");
  const { change } = input;
  const email = normalizeEmail(change.email);
  const countryCode = BRANDS[customer.brand].countryCode;
  const wasSubscribed = await isSubscribed(db, customer.brand, customer.email);
  const subscribed = change.subscribed ?? wasSubscribed;

  await db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.brand, customer.brand), eq(customers.email, email), ne(customers.id, customer.id)));
    if (taken) throw new AccountError("EMAIL_IN_USE");
    await tx
      .update(customers)
      .set({
        firstName: change.firstName.trim(),
        lastName: change.lastName.trim(),
        email,
        addressLine1: change.addressLine1?.trim() || null,
        addressLine2: change.addressLine2?.trim() || null,
        city: change.city?.trim() || null,
        postcode: change.postcode?.trim() ? formatPostcode(change.postcode, countryCode) : null,
        ...(email !== customer.email && { emailVerifiedAt: null }),
        updatedAt: clock.now(),
      })
      .where(eq(customers.id, customer.id));
    // A new address is not verified: a link goes to it (and the old address's link dies).
    if (email !== customer.email) await sendVerificationLink(tx, clock, { customer: { ...customer, email, firstName: change.firstName.trim() }, linkOrigin: input.linkOrigin });
    if (email !== customer.email && wasSubscribed) {
      await setNewsletterSubscription(tx, clock, { brand: customer.brand, email: customer.email, subscribed: false, linkOrigin: input.linkOrigin });
    }
    if (subscribed !== wasSubscribed || email !== customer.email) {
      await setNewsletterSubscription(tx, clock, { brand: customer.brand, email, subscribed, linkOrigin: input.linkOrigin });
    }
  });
  return getProfile(db, customer.id);
}
