import { createPublicKey, type JsonWebKey, verify } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { type CustomerSummary, findActiveCustomerByEmail, toSummary } from "./customers";
import { AccountError } from "./errors";
import { registerCustomer } from "./register";
import { customers } from "./schema";

export const GOOGLE_CERTS_URL = "https://www.googleapis.com/oauth2/v3/certs";
const GOOGLE_ISSUERS = new Set(["accounts.google.com", "https://accounts.google.com"]);
const CLOCK_SKEW_MS = 60_000;

/** Finds Google's public signing key for a key id (`kid`), or null when it does not exist. */
export type GoogleKeyLookup = (kid: string) => Promise<JsonWebKey | null>;

/** Google's published keys, fetched on demand and kept as long as Google's Cache-Control allows. */
export function googlePublicKeys(clock: Clock, fetchKeys: typeof fetch = fetch, url = GOOGLE_CERTS_URL): GoogleKeyLookup {
  let cached: { keys: Map<string, JsonWebKey>; until: number } | null = null;
  return async (kid) => {
    if (!cached || cached.until <= clock.now().getTime() || !cached.keys.has(kid)) {
      const response = await fetchKeys(url);
      if (!response.ok) throw new Error(`Google keys answered ${response.status}`);
      const body = (await response.json()) as { keys: (JsonWebKey & { kid: string })[] };
      const maxAge = Number(/max-age=(\d+)/.exec(response.headers.get("cache-control") ?? "")?.[1] ?? 3600);
      cached = { keys: new Map(body.keys.map((key) => [key.kid, key])), until: clock.now().getTime() + maxAge * 1000 };
    }
    return cached.keys.get(kid) ?? null;
  };
}

export interface GoogleIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
}

function decodePart(part: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Record<string, unknown>;
}

/**
 * Verifies a Google ID token on the server: RS256 signature by one of Google's keys, issuer,
 * audience (our client id) and expiry. Anything wrong is 'Invalid google token id.'.
 */
export async function verifyGoogleIdToken(
  idToken: string,
  options: { clientId: string; keys: GoogleKeyLookup; clock: Clock },
): Promise<GoogleIdentity> {
  const invalid = new AccountError("INVALID_GOOGLE_TOKEN");
  const parts = idToken.split(".");
  if (parts.length !== 3) throw invalid;
  let header: Record<string, unknown>;
  let claims: Record<string, unknown>;
  try {
    header = decodePart(parts[0]);
    claims = decodePart(parts[1]);
  } catch {
    throw invalid;
  }
  if (header.alg !== "RS256" || typeof header.kid !== "string") throw invalid;
  const jwk = await options.keys(header.kid);
  if (!jwk) throw invalid;
  const signed = verify("RSA-SHA256", Buffer.from(`${parts[0]}.${parts[1]}`), createPublicKey({ key: jwk, format: "jwk" }), Buffer.from(parts[2], "base64url"));
  if (!signed) throw invalid;

  const now = options.clock.now().getTime();
  const expiresAt = typeof claims.exp === "number" ? claims.exp * 1000 : 0;
  if (
    !GOOGLE_ISSUERS.has(String(claims.iss)) ||
    claims.aud !== options.clientId ||
    expiresAt + CLOCK_SKEW_MS <= now ||
    typeof claims.sub !== "string" ||
    typeof claims.email !== "string"
  ) {
    throw invalid;
  }
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
 */
export async function signInWithGoogle(db: Db, clock: Clock, brand: BrandId, identity: GoogleIdentity): Promise<CustomerSummary> {
  const linked = await findByGoogleSubject(db, brand, identity.subject);
  if (linked) return toSummary(linked);
  const byEmail = identity.emailVerified ? await findActiveCustomerByEmail(db, brand, identity.email) : null;
  if (!byEmail) throw new AccountError("NOT_REGISTERED");
  await db.update(customers).set({ googleSubject: identity.subject, updatedAt: clock.now() }).where(eq(customers.id, byEmail.id));
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
    subscribe: input.subscribe,
    linkOrigin: input.linkOrigin,
  });
}
