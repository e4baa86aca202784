import { consumeRateLimits, type RateLimitResult, type RateLimitRule } from "../../modules/security/rate-limit";
import type { RequestServices } from "../context";

interface Limit {
  limit: number;
  windowSeconds: number;
}

/**
 * Limits per action (docs/decisions/accounts-lockout-and-rate-limits.md), counted per client IP and,
 * where an account is named, per account, in PostgreSQL so every instance shares them.
 */
export const RATE_LIMITS = {
  login: { perIp: { limit: 30, windowSeconds: 900 }, perAccount: { limit: 10, windowSeconds: 900 } },
  register: { perIp: { limit: 10, windowSeconds: 3600 } },
  passwordResetRequest: { perIp: { limit: 10, windowSeconds: 3600 }, perAccount: { limit: 3, windowSeconds: 3600 } },
  passwordLink: { perIp: { limit: 20, windowSeconds: 3600 } },
  passwordChange: { perIp: { limit: 20, windowSeconds: 3600 }, perAccount: { limit: 10, windowSeconds: 3600 } },
  emailLookup: { perIp: { limit: 30, windowSeconds: 600 } },
  newsletter: { perIp: { limit: 10, windowSeconds: 3600 } },
  // Postcode lookups at checkout: plenty for shoppers, too few to copy the address book out.
  addressLookup: { perIp: { limit: 60, windowSeconds: 600 } },
} satisfies Record<string, { perIp: Limit; perAccount?: Limit }>;

export type RateLimitedAction = keyof typeof RATE_LIMITS;

/** The message shown with a 429 (the spec has none). */
export const RATE_LIMITED_MESSAGE = "Too many attempts. Please wait a few minutes and try again.";

/** Counts one attempt at an action by this client (and the account it names) and says whether it may go ahead. */
export function checkRateLimit(
  services: Pick<RequestServices, "db" | "clock" | "brand" | "clientIp">,
  action: RateLimitedAction,
  account?: string,
): Promise<RateLimitResult> {
  const policy: { perIp: Limit; perAccount?: Limit } = RATE_LIMITS[action];
  const rules: RateLimitRule[] = [{ key: `${action}:ip:${services.clientIp}`, ...policy.perIp }];
  if (policy.perAccount && account?.trim()) {
    rules.push({ key: `${action}:account:${services.brand.id}:${account.trim().toLowerCase()}`, ...policy.perAccount });
  }
  return consumeRateLimits(services.db, services.clock, rules);
}
