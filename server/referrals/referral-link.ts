import type { CustomerSummary } from "../../modules/accounts/customers";
import { countOpen, countShare, findReferrer, typedReferralCode } from "../../modules/referrals/referral-codes";
import { referNewCustomer } from "../../modules/referrals/refer-new-customer";
import { referralError } from "../../modules/referrals/errors";
import { consumeRateLimit } from "../../modules/security/rate-limit";
import { hashToken } from "../../modules/security/tokens";
import type { RequestServices } from "../context";
import { type ErrorAnswer, shownError } from "../errors";
import { DAY_SECONDS } from "../security/cookies";
import { checkGuessLimit, checkRateLimit, GUESS_LIMITS, RATE_LIMITED_MESSAGE, recordFailedGuess } from "../security/rate-limits";

/** Spec §3 cookie list: "referral code". Set by the invitation link, read when the visitor registers. */
export const REFERRAL_COOKIE = "referral_code";
/** How long an invitation waits for the visitor to sign up (the spec gives none; an affiliate's 30 days). */
export const REFERRAL_COOKIE_DAYS = 30;
/** An open of one link counts once per client address a day: reloads and scripts cannot inflate it. */
const OPEN_COUNTED_EVERY_SECONDS = DAY_SECONDS;

/** The path of a customer's invitation link; the page and the API make it absolute with the brand's public origin. */
export const referralPath = (code: string) => `/refer/${code}`;

type Services = Pick<RequestServices, "db" | "clock" | "brand" | "clientIp" | "cookies" | "customer" | "log">;

export type Failure = ErrorAnswer & { retryAfterSeconds?: number };

/** What a visitor following an invitation link is told. */
export type LinkOutcome =
  /** A visitor who may sign up through it: the open is counted and the code kept in the referral cookie. */
  | { kind: "invited"; code: string; referrerFirstName: string }
  /** The signed-in referrer's own link. */
  | { kind: "own"; code: string }
  /** Someone signed in already: an existing customer cannot be referred (spec §6). */
  | { kind: "existing"; referrerFirstName: string }
  | { kind: "failed"; failure: Failure };

const limited = (retryAfterSeconds: number): Failure => ({ status: 429, code: "RATE_LIMITED", message: GUESS_LIMITS.referralCode.message, retryAfterSeconds });

/**
 * Following an invitation link (/refer/{code}, or POST /v1/user/raf/stat/open), within the
 * guessing limit: a code that names no active customer of this brand counts as a failed guess.
 * For a visitor who is not signed in, the open is counted (once per client address and link a
 * day) and the code is kept in the referral cookie for 30 days, for their sign-up.
 */
export async function openReferralLink(services: Services, typed: string): Promise<LinkOutcome> {
  const subjects = { customerId: services.customer?.id };
  const limit = await checkGuessLimit(services, "referralCode", subjects);
  if (!limit.allowed) return { kind: "failed", failure: limited(limit.retryAfterSeconds) };
  const code = typedReferralCode(typed);
  const referrer = code === null ? null : await findReferrer(services.db, services.brand.id, code);
  if (code === null || referrer === null) {
    await recordFailedGuess(services, "referralCode", subjects);
    return { kind: "failed", failure: shownError(referralError("CODE_NOT_RECOGNIZED")) };
  }
  const customer = services.customer;
  if (customer?.id === referrer.customerId) return { kind: "own", code };
  if (customer) return { kind: "existing", referrerFirstName: referrer.firstName };

  // The counter's key holds the code's hash: the table of counters never lists invitation codes.
  const fresh = await consumeRateLimit(services.db, services.clock, {
    key: `referralOpen:${hashToken(code)}:ip:${services.clientIp}`,
    limit: 1,
    windowSeconds: OPEN_COUNTED_EVERY_SECONDS,
  });
  if (fresh.allowed) await countOpen(services.db, code);
  services.cookies.set(REFERRAL_COOKIE, code, { maxAgeSeconds: REFERRAL_COOKIE_DAYS * DAY_SECONDS });
  return { kind: "invited", code, referrerFirstName: referrer.firstName };
}

/**
 * Called by registration (server/accounts/register-visitor.ts, Google sign-up) once the new
 * account exists: a referral cookie makes the account a referral of that friend's, when the rules
 * allow (modules/referrals/refer-new-customer.ts). The cookie is used once either way. A refusal or
 * a failure here never undoes the registration: it is logged and the new customer carries on.
 */
export async function referFromCookie(services: Services, customer: Pick<CustomerSummary, "id">): Promise<void> {
  const stored = services.cookies.get(REFERRAL_COOKIE);
  if (stored === undefined) return;
  services.cookies.delete(REFERRAL_COOKIE);
  const code = typedReferralCode(stored);
  if (code === null) return;
  try {
    const outcome = await referNewCustomer(services.db, { brand: services.brand.id, code, customerId: customer.id, now: services.clock.now(), actor: { type: "customer", id: String(customer.id) } });
    if (!outcome.ok) services.log.info({ customerId: customer.id, refused: outcome.error.code }, "referral refused at sign-up");
  } catch (error) {
    services.log.error({ err: error, customerId: customer.id }, "referral not recorded at sign-up");
  }
}

/**
 * The legacy /user/raf/assign: a customer who has just registered names the code they were
 * invited with (or the referral cookie's), within the guessing limit. The same rules as a sign-up
 * through the link apply: only a new customer (registered within a day, nothing bought yet).
 */
export async function assignReferral(services: Services, customer: CustomerSummary, typed: string | undefined): Promise<{ ok: true } | { ok: false; failure: Failure }> {
  const subjects = { customerId: customer.id };
  const limit = await checkGuessLimit(services, "referralCode", subjects);
  if (!limit.allowed) return { ok: false, failure: limited(limit.retryAfterSeconds) };
  const code = typedReferralCode(typed ?? services.cookies.get(REFERRAL_COOKIE));
  const outcome =
    code === null
      ? { ok: false as const, error: referralError("CODE_NOT_RECOGNIZED") }
      : await referNewCustomer(services.db, { brand: services.brand.id, code, customerId: customer.id, now: services.clock.now(), actor: { type: "customer", id: String(customer.id) } });
  if (outcome.ok) {
    if (services.cookies.get(REFERRAL_COOKIE) !== undefined) services.cookies.delete(REFERRAL_COOKIE);
    return { ok: true };
  }
  if (outcome.error.code === "CODE_NOT_RECOGNIZED") await recordFailedGuess(services, "referralCode", subjects);
  return { ok: false, failure: shownError(outcome.error) };
}

/** One press of a share button by the signed-in customer, within the limit: the new share count. */
export async function shareReferralLink(services: Services, customer: CustomerSummary): Promise<{ ok: true; shares: number } | { ok: false; failure: Failure }> {
  const limit = await checkRateLimit(services, "referralShare", customer.email);
  if (!limit.allowed) return { ok: false, failure: { status: 429, code: "RATE_LIMITED", message: RATE_LIMITED_MESSAGE, retryAfterSeconds: limit.retryAfterSeconds } };
  return { ok: true, shares: await countShare(services.db, customer.id, services.clock.now()) };
}
