import { parse, serialize } from "hono/utils/cookie";

export interface CookieOptions {
  /** Lifetime in seconds; absent for a cookie that ends with the browser session. */
  maxAgeSeconds?: number;
}

/**
 * The request's cookies, and the cookies to set on its response. Route code (API handlers, page
 * loaders and actions) sets cookies here; the visitor middleware writes them onto whatever
 * response is finally sent. Every cookie is HttpOnly, SameSite=Lax, path /, and Secure in production.
 */
export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, options?: CookieOptions): void;
  delete(name: string): void;
}

export class ResponseCookieJar implements CookieJar {
  private readonly incoming: Record<string, string>;
  private readonly outgoing = new Map<string, string>();

  constructor(
    cookieHeader: string | undefined,
    private readonly secure: boolean,
  ) {
    this.incoming = cookieHeader ? parse(cookieHeader) : {};
  }

  get(name: string): string | undefined {
    return this.incoming[name];
  }

  set(name: string, value: string, options: CookieOptions = {}): void {
    this.incoming[name] = value;
    this.outgoing.set(
      name,
      serialize(name, value, { path: "/", httpOnly: true, sameSite: "Lax", secure: this.secure, maxAge: options.maxAgeSeconds }),
    );
  }

  delete(name: string): void {
    delete this.incoming[name];
    this.outgoing.set(name, serialize(name, "", { path: "/", httpOnly: true, sameSite: "Lax", secure: this.secure, maxAge: 0 }));
  }

  /** The Set-Cookie header values for the response. */
  setCookieHeaders(): string[] {
    return [...this.outgoing.values()];
  }
}

export const DAY_SECONDS = 86_400;
export const YEAR_SECONDS = 365 * DAY_SECONDS;
