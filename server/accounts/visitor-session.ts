import type { Db } from "../../db/client";
import type { Brand } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import type { CustomerSummary } from "../../modules/accounts/customers";
import { revokeSession, SESSION_LIFETIME_MS, startSession } from "../../modules/accounts/sessions";
import { csrfTokenFor, isValidCsrfToken } from "../../modules/security/csrf-token";
import { randomToken } from "../../modules/security/tokens";
import type { CookieJar } from "../security/cookies";

/** The session cookie; the shared page cache never serves or stores requests that carry it. */
export const SESSION_COOKIE = "session";
/** A random per-browser value the CSRF token is derived from. */
export const CSRF_COOKIE = "csrf";

/**
 * A new CSRF key for this browser, set in this response (at a staff or merchant sign-in and
 * sign-out). Not deleted and left to the next request: a page that follows a sign-in sends
 * several requests at once, each would mint a key of its own, and the page's forms would then
 * carry a token for a key the browser no longer holds ("Your session has expired").
 */
export function renewCsrfKey(cookies: CookieJar): void {
  cookies.set(CSRF_COOKIE, randomToken());
}

/** The visitor's session as route code sees it (context.session in loaders, c.get("session") in the API). */
export interface VisitorSession {
  /** Id of the signed-in session; null for guests. */
  readonly id: string | null;
  /** Whether the signed-in session was started with "remember me". */
  readonly rememberMe: boolean;
  /**
   * The CSRF token that forms (hidden field `_csrf`) and mutating /v1 calls (header
   * `x-csrf-token`) must send back. It changes when the visitor signs in or out.
   */
  csrfToken(): string;
  isValidCsrfToken(token: string): boolean;
  /** Starts a new session for a customer, ending the current one: the session id rotates. */
  start(customer: CustomerSummary, options: { rememberMe: boolean }): Promise<void>;
  /** Ends the current session (revoked in the database) and clears its cookie. */
  end(): Promise<void>;
}

export class CookieVisitorSession implements VisitorSession {
  constructor(
    private readonly deps: { db: Db; clock: Clock; brand: Brand; cookies: CookieJar; csrfSecret: Buffer },
    private current: { id: string; rememberMe: boolean } | null,
  ) {}

  get id(): string | null {
    return this.current?.id ?? null;
  }

  get rememberMe(): boolean {
    return this.current?.rememberMe ?? false;
  }

  private browserKey(): string {
    let key = this.deps.cookies.get(CSRF_COOKIE);
    if (!key) {
      key = randomToken();
      this.deps.cookies.set(CSRF_COOKIE, key);
    }
    return key;
  }

  csrfToken(): string {
    return csrfTokenFor(this.deps.csrfSecret, this.browserKey(), this.id);
  }

  isValidCsrfToken(token: string): boolean {
    const key = this.deps.cookies.get(CSRF_COOKIE);
    return key !== undefined && isValidCsrfToken(this.deps.csrfSecret, key, this.id, token);
  }

  async start(customer: CustomerSummary, options: { rememberMe: boolean }): Promise<void> {
    if (this.current) await revokeSession(this.deps.db, this.current.id);
    const started = await startSession(this.deps.db, this.deps.clock, {
      customerId: customer.id,
      brand: this.deps.brand.id,
      rememberMe: options.rememberMe,
    });
    this.current = { id: started.id, rememberMe: options.rememberMe };
    // Remember me: a cookie that outlives the browser; otherwise one that ends with it.
    this.deps.cookies.set(SESSION_COOKIE, started.token, {
      maxAgeSeconds: options.rememberMe ? SESSION_LIFETIME_MS.rememberMe / 1000 : undefined,
    });
  }

  async end(): Promise<void> {
    if (this.current) await revokeSession(this.deps.db, this.current.id);
    this.current = null;
    this.deps.cookies.delete(SESSION_COOKIE);
  }
}
