import { clearRateLimits, consumeRateLimits, peekRateLimits, type RateLimitResult, type RateLimitRule } from "../../modules/security/rate-limit";
import { hashToken } from "../../modules/security/tokens";
import type { RequestServices } from "../context";

interface Limit {
  limit: number;
  windowSeconds: number;
}

/** Per client IP always; per account (brand + email), customer or basket where the request names one. */
interface Policy {
  perIp: Limit;
  perAccount?: Limit;
  perCustomer?: Limit;
  perBasket?: Limit;
}

/** Who else an attempt is counted against besides the client's IP. */
export interface LimitSubjects {
  /** An email address (counted per brand, case-insensitively). */
  account?: string;
  customerId?: number;
  basketToken?: string;
}

/**
 * Limits per action (docs/decisions/accounts-lockout-and-rate-limits.md), counted per client IP and,
 * where an account is named, per account, in PostgreSQL so every instance shares them.
 */
export const RATE_LIMITS = {
  login: { perIp: { limit: 30, windowSeconds: 900 }, perAccount: { limit: 10, windowSeconds: 900 } },
  // Every attempt counts per email too (whether it is taken or not, so the 429 tells nothing):
  // enumeration spread over many addresses still gets few tries at any one email.
  register: { perIp: { limit: 10, windowSeconds: 3600 }, perAccount: { limit: 5, windowSeconds: 3600 } },
  passwordResetRequest: { perIp: { limit: 10, windowSeconds: 3600 }, perAccount: { limit: 3, windowSeconds: 3600 } },
  passwordLink: { perIp: { limit: 20, windowSeconds: 3600 } },
  passwordChange: { perIp: { limit: 20, windowSeconds: 3600 }, perAccount: { limit: 10, windowSeconds: 3600 } },
  emailLookup: { perIp: { limit: 30, windowSeconds: 600 } },
  newsletter: { perIp: { limit: 10, windowSeconds: 3600 } },
  // Postcode lookups at checkout: plenty for shoppers, too few to copy the address book out.
  addressLookup: { perIp: { limit: 60, windowSeconds: 600 } },
  // Near me's "Use my location" (GET /v1/nearmelocation/area/{a}/{b}): one look-up per press.
  nearMeLocation: { perIp: { limit: 30, windowSeconds: 600 } },
  // The merchant portal's sign-in and invitations: the shoppers' numbers, counted apart.
  merchantLogin: { perIp: { limit: 30, windowSeconds: 900 }, perAccount: { limit: 10, windowSeconds: 900 } },
  merchantInvitation: { perIp: { limit: 20, windowSeconds: 3600 } },
  // The back office: staff sign-in as the shoppers' numbers counted apart; second-factor codes per
  // IP and per member (a 6-digit code is guessable: 10 tries in 15 minutes per member).
  staffLogin: { perIp: { limit: 30, windowSeconds: 900 }, perAccount: { limit: 10, windowSeconds: 900 } },
  staffSecondFactor: { perIp: { limit: 30, windowSeconds: 900 }, perAccount: { limit: 10, windowSeconds: 900 } },
  staffInvitation: { perIp: { limit: 20, windowSeconds: 3600 } },
  // Club (the account is the shopper's email): shares and views (their points are capped per day
  // anyway), and exchanges of points for wallet credit.
  loyaltyActivity: { perIp: { limit: 300, windowSeconds: 3600 }, perAccount: { limit: 120, windowSeconds: 3600 } },
  loyaltyExchange: { perIp: { limit: 30, windowSeconds: 3600 }, perAccount: { limit: 20, windowSeconds: 3600 } },
  // Refer a friend's share buttons: far more than anyone shares by hand, too few to inflate the count.
  referralShare: { perIp: { limit: 60, windowSeconds: 3600 }, perAccount: { limit: 30, windowSeconds: 3600 } },
  // Browser reports (/v1/log, /v1/notFoundHit, /v1/errorLog): a page sends at most a handful; a flood is refused.
  telemetry: { perIp: { limit: 60, windowSeconds: 600 } },
  // The sandbox gateway's card tokenisation (card testing: a real gateway checks each card with its
  // bank): every card counts, as whether it will decline is known only at payment. One press of
  // Pay is one card; twenty an hour is many mistyped cards, too few to test a list of stolen ones.
  cardTokenize: { perIp: { limit: 20, windowSeconds: 3600 } },
  // Payment gateway webhooks (POST /v1/payments/webhook/{provider}): a gateway's bursts fit; a flood of forged ones is cut short.
  paymentWebhook: { perIp: { limit: 600, windowSeconds: 60 } },
  // A/B exposures (one call per page view): plenty for browsing, too few to flood the log.
  abExposure: { perIp: { limit: 600, windowSeconds: 3600 } },
} satisfies Record<string, Policy>;

export type RateLimitedAction = keyof typeof RATE_LIMITS;

/** The message shown with a 429 (the spec has none). */
export const RATE_LIMITED_MESSAGE = "Too many attempts. Please wait a few minutes and try again.";

/** Shown on the card form once its address has tokenised too many cards (the spec has none). */
export const CARD_TOKENIZE_LIMITED_MESSAGE = "Too many cards tried. For your security, please wait a while before trying another card.";

/**
 * Guessing (docs/decisions/security-guessing-limits.md): only failed guesses count (a promo code
 * that does not apply, a declined payment, an email that is already registered), and once the
 * client, customer or basket has used them up, further attempts wait for the window to end.
 * Guarding another guessable thing (gift cards, gift codes) is one more entry here.
 */
export const GUESS_LIMITS = {
  promoCode: {
    message: "Too many promo codes tried. Please wait a while before trying another.",
    perIp: { limit: 20, windowSeconds: 3600 },
    perCustomer: { limit: 10, windowSeconds: 3600 },
  },
  paymentDecline: {
    message: "Your payment was declined too many times. For your security, please wait a while before trying again.",
    perIp: { limit: 12, windowSeconds: 3600 },
    perCustomer: { limit: 6, windowSeconds: 3600 },
    perBasket: { limit: 4, windowSeconds: 1800 },
  },
  registeredEmail: { message: RATE_LIMITED_MESSAGE, perIp: { limit: 5, windowSeconds: 86_400 } },
  // Voucher codes looked up at a merchant's till that are not theirs (the account is the merchant user's email).
  voucherCode: {
    message: "Too many unrecognised voucher codes. For your security, please wait a while before trying another.",
    perIp: { limit: 60, windowSeconds: 3600 },
    perAccount: { limit: 30, windowSeconds: 3600 },
  },
  // Return references typed at the merchant's returns desk that are not theirs: random, but still guessable by brute force.
  returnReference: {
    message: "Too many unrecognised return references. For your security, please wait a while before trying another.",
    perIp: { limit: 60, windowSeconds: 3600 },
    perAccount: { limit: 30, windowSeconds: 3600 },
  },
  // Gift card codes that are not recognised at /giftcard/redeem: ~93-bit codes, but a card is money.
  giftCardCode: {
    message: "Too many unrecognised gift card codes. For your security, please wait a while before trying another.",
    perIp: { limit: 20, windowSeconds: 3600 },
    perCustomer: { limit: 10, windowSeconds: 3600 },
  },
  // Gift codes typed at /mygift that name no gift of the signed-in recipient's to claim (92 random bits, but still).
  giftCode: {
    message: "Too many gift codes tried. For your security, please wait a while before trying another.",
    perIp: { limit: 30, windowSeconds: 3600 },
    perCustomer: { limit: 10, windowSeconds: 3600 },
  },
  // Refer-a-friend links (/refer/{code}) and codes that name no customer of the brand (50 random bits).
  referralCode: {
    message: "Too many invitation links tried. For your security, please wait a while before trying another.",
    perIp: { limit: 20, windowSeconds: 3600 },
    perCustomer: { limit: 10, windowSeconds: 3600 },
  },
  // VIP refund links (/vip-refund?token=…) that name no request: 256-bit tokens, but a link moves money.
  vipRefundLink: {
    message: "Too many unrecognised VIP refund links. For your security, please wait a while before trying again.",
    perIp: { limit: 20, windowSeconds: 3600 },
  },
} satisfies Record<string, Policy & { message: string }>;

export type GuessedThing = keyof typeof GUESS_LIMITS;

function rulesFor(services: Pick<RequestServices, "brand" | "clientIp">, action: string, policy: Policy, subjects: LimitSubjects): RateLimitRule[] {
  const rules: RateLimitRule[] = [{ key: `${action}:ip:${services.clientIp}`, ...policy.perIp }];
  const account = subjects.account?.trim().toLowerCase();
  if (policy.perAccount && account) rules.push({ key: `${action}:account:${services.brand.id}:${account}`, ...policy.perAccount });
  if (policy.perCustomer && subjects.customerId !== undefined) rules.push({ key: `${action}:customer:${subjects.customerId}`, ...policy.perCustomer });
  // The basket token is a bearer secret: the counter keeps its hash.
  if (policy.perBasket && subjects.basketToken) rules.push({ key: `${action}:basket:${hashToken(subjects.basketToken)}`, ...policy.perBasket });
  return rules;
}

type LimitServices = Pick<RequestServices, "db" | "clock" | "brand" | "clientIp">;

/** Counts one attempt at an action by this client (and the account it names) and says whether it may go ahead. */
export function checkRateLimit(services: LimitServices, action: RateLimitedAction, account?: string): Promise<RateLimitResult> {
  return consumeRateLimits(services.db, services.clock, rulesFor(services, action, RATE_LIMITS[action], { account }));
}

/**
 * Counts one sign-in attempt of a kind of user (modules/sign-in/kind.ts) against the policy its
 * `rateLimits.signIn` names, per client IP and per email.
 */
export async function checkSignInLimit(services: LimitServices, kind: { name: string; rateLimits: { signIn: string } }, email: string): Promise<RateLimitResult> {
  const action = kind.rateLimits.signIn;
  if (!Object.hasOwn(RATE_LIMITS, action)) throw new Error(`The ${kind.name} sign-in names no rate-limit policy "${action}"`);
  return checkRateLimit(services, action as RateLimitedAction, email);
}

/**
 * After a sign-in succeeded: the account's attempts start again from none (its client IP's stay
 * counted). The per-account limit is there to slow guessing, which never succeeds; without this,
 * someone who signs in often (staff in several tabs, a shared till) would lock themselves out.
 */
export async function clearSignInLimit(services: LimitServices, kind: { rateLimits: { signIn: string } }, email: string): Promise<void> {
  const action = kind.rateLimits.signIn;
  if (!Object.hasOwn(RATE_LIMITS, action)) return;
  const accountRules = rulesFor(services, action, RATE_LIMITS[action as RateLimitedAction], { account: email }).slice(1);
  await clearRateLimits(
    services.db,
    accountRules.map((rule) => rule.key),
  );
}

/** Whether another guess may be made (nothing is counted: call recordFailedGuess when it fails). */
export function checkGuessLimit(services: LimitServices, thing: GuessedThing, subjects: LimitSubjects = {}): Promise<RateLimitResult> {
  return peekRateLimits(services.db, services.clock, rulesFor(services, thing, GUESS_LIMITS[thing], subjects));
}

export async function recordFailedGuess(services: LimitServices, thing: GuessedThing, subjects: LimitSubjects = {}): Promise<void> {
  await consumeRateLimits(services.db, services.clock, rulesFor(services, thing, GUESS_LIMITS[thing], subjects));
}
