import { and, eq } from "drizzle-orm";
import { createRemoteJWKSet, errors, type JWTVerifyGetKey, jwtVerify } from "jose";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { type CustomerSummary, findActiveCustomerByEmail, toSummary } from "./customers";
import { markVerifiedByGoogle } from "./email-verification";
import { AccountError } from "./errors";
import { registerCustomer } from "./register";
import { customers } from "./schema";

export const GOOGLE_CERTS_URL = "https://www.googleapis.com/oauth2/v3/certs";
const GOOGLE_ISSUERS = ["accounts.google.com", "https://accounts.google.com"];
const CLOCK_SKEW_SECONDS = 60;

/** Google's signing keys as jose looks them up by the token's header (tests pass a local set). */
export type GoogleKeys = JWTVerifyGetKey;

/** Google's published keys, fetched on demand and cached by jose's remote key set. */
export function googlePublicKeys(url = GOOGLE_CERTS_URL): GoogleKeys {
  return createRemoteJWKSet(new URL(url));
}

export interface GoogleIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
}

// What a bad token makes jose throw; anything else (Google's keys unreachable) is not the shopper's fault.
const BAD_TOKEN_ERRORS = [
  errors.JWTInvalid,
  errors.JWSInvalid,
  errors.JWTClaimValidationFailed,
  errors.JWTExpired,
  errors.JWSSignatureVerificationFailed,
  errors.JWKSNoMatchingKey,
  errors.JWKSMultipleMatchingKeys,
  errors.JOSEAlgNotAllowed,
  errors.JOSENotSupported,
];

/**
 * Verifies a Google ID token on the server: RS256 signature by one of Google's keys, issuer,
 * audience (our client id) and expiry. Anything wrong is 'Invalid google token id.'.
 */
export async function verifyGoogleIdToken(
  idToken: string,
  options: { clientId: string; keys: GoogleKeys; clock: Clock },
): Promise<GoogleIdentity> {
  const invalid = new AccountError("INVALID_GOOGLE_TOKEN");
  let claims: Record<string, unknown>;
  try {
    ({ payload: claims } = await jwtVerify(idToken, options.keys, {
      algorithms: ["RS256"],
      issuer: GOOGLE_ISSUERS,
      audience: options.clientId,
      requiredClaims: ["exp"],
      currentDate: options.clock.now(),
      clockTolerance: CLOCK_SKEW_SECONDS,
    }));
  } catch (error) {
    if (BAD_TOKEN_ERRORS.some((kind) => error instanceof kind)) throw invalid;
    throw error;
  }
  if (typeof claims.sub !== "string" || typeof claims.email !== "string") throw invalid;
  return {
    subject: claims.sub,
    email: claims.email,
    emailVerified: claims.email_verified === true,
    givenName: typeof claims.given_name === "string" ? claims.given_name : "",
    familyName: typeof claims.family_name === "string" ? claims.family_name : "",
  };
}

async function findByGoogleSubject(db: Db, brand: BrandId, subject: string) {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.brand, brand), eq(customers.googleSubject, subject), eq(customers.status, "active")));
  return row ?? null;
}

/**
 * Signs in with a verified Google identity: the account linked to it, or the account with the same
 * email when Google has verified that email (which links it); otherwise 'You have not yet registered…'.
 * An address Google has verified counts as verified here too.
 */
export async function signInWithGoogle(db: Db, clock: Clock, brand: BrandId, identity: GoogleIdentity): Promise<CustomerSummary> {
  const linked = await findByGoogleSubject(db, brand, identity.subject);
  if (linked) {
    if (identity.emailVerified) await markVerifiedByGoogle(db, clock, linked, identity.email);
    return toSummary(linked);
  }
  const byEmail = identity.emailVerified ? await findActiveCustomerByEmail(db, brand, identity.email) : null;
  if (!byEmail) throw new AccountError("NOT_REGISTERED");
  await db.update(customers).set({ googleSubject: identity.subject, updatedAt: clock.now() }).where(eq(customers.id, byEmail.id));
  await markVerifiedByGoogle(db, clock, byEmail, identity.email);
  return toSummary(byEmail);
}

/** Creates an account from a verified Google identity (no password); refused when one exists. */
export async function registerGoogleCustomer(
  db: Db,
  clock: Clock,
  input: { brand: BrandId; identity: GoogleIdentity; subscribe?: boolean; linkOrigin: string },
): Promise<CustomerSummary> {
  const { identity } = input;
  if (!identity.emailVerified) throw new AccountError("INVALID_GOOGLE_TOKEN");
  if (await findByGoogleSubject(db, input.brand, identity.subject)) throw new AccountError("ALREADY_REGISTERED");
  return registerCustomer(db, clock, {
    brand: input.brand,
    email: identity.email,
    firstName: identity.givenName,
    lastName: identity.familyName,
    googleSubject: identity.subject,
    emailVerified: identity.emailVerified,
    subscribe: input.subscribe,
    linkOrigin: input.linkOrigin,
  });
}
