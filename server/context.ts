import type { Logger } from "pino";
import type { Database } from "../db/client";
import type { Brand } from "../lib/brand";
import type { Clock } from "../lib/clock";
import type { Config } from "../lib/config";
import type { CustomerSummary } from "../modules/accounts/customers";
import type { GoogleKeys } from "../modules/accounts/google";
import type { VisitorSession } from "./accounts/visitor-session";
import type { Adapters } from "./adapters";
import type { CookieJar } from "./security/cookies";

/** What every request handler (API route or page loader) can reach. */
export interface RequestServices {
  db: Database["db"];
  clock: Clock;
  brand: Brand;
  /** The brand's public origin for absolute links (see server/public-origin.ts). */
  publicOrigin: string;
  requestId: string;
  log: Logger;
  /** The client's address (see TRUST_PROXY), for per-IP rate limits. */
  clientIp: string;
  /** This request's cookies; cookies set here are added to the response. */
  cookies: CookieJar;
  /** The signed-in customer, from the session cookie; null for guests. */
  customer: CustomerSummary | null;
  /** The visitor's session: CSRF token, sign-in and sign-out. */
  session: VisitorSession;
  /** The payment provider, mail transport, file storage and cache purger (server/adapters.ts). */
  adapters: Adapters;
}

export interface AppEnv {
  /**
   * secureHeadersNonce: set by hono's secure-headers for this response's CSP; cspScriptHashes: set
   * by the page cache when it answers with stored bytes (server/security/headers.ts).
   */
  Variables: RequestServices & { secureHeadersNonce?: string; cspScriptHashes?: string[] };
}

export interface AppDependencies {
  database: Database;
  clock: Clock;
  config: Config;
  logger: Logger;
  /** Google's signing keys for "Sign in with Google" (tests pass their own). */
  googleKeys?: GoogleKeys;
  /** Built from the configuration when not given (server/adapters.ts). */
  adapters?: Adapters;
}
