import type { CustomerSummary } from "../../modules/accounts/customers";
import { AccountError } from "../../modules/accounts/errors";
import { type NewCustomer, registerCustomer } from "../../modules/accounts/register";
import type { RequestServices } from "../context";
import { referFromCookie } from "../referrals/referral-link";
import { checkGuessLimit, checkRateLimit, recordFailedGuess } from "../security/rate-limits";

type Services = Pick<RequestServices, "db" | "clock" | "brand" | "clientIp" | "cookies" | "customer" | "log">;

/**
 * Registers with a password, for the API and the register forms alike, within the limits: so many
 * registrations per address and per email, and far fewer "You have already registered with us"
 * answers, which tell whether an email has an account (docs/decisions/security-account-enumeration.md).
 * Other refusals are thrown as AccountErrors. A visitor who came through a friend's invitation link
 * (the referral cookie) becomes that friend's referral.
 */
export async function registerVisitor(
  services: Services,
  input: Omit<NewCustomer, "brand" | "googleSubject">,
): Promise<{ ok: true; customer: CustomerSummary } | { ok: false; retryAfterSeconds: number }> {
  const limit = await checkRateLimit(services, "register", input.email);
  if (!limit.allowed) return { ok: false, retryAfterSeconds: limit.retryAfterSeconds };
  const probing = await checkGuessLimit(services, "registeredEmail");
  if (!probing.allowed) return { ok: false, retryAfterSeconds: probing.retryAfterSeconds };
  try {
    const customer = await registerCustomer(services.db, services.clock, { ...input, brand: services.brand.id });
    // Signed up through a friend's invitation link: the referral starts (refer a friend).
    await referFromCookie(services, customer);
    return { ok: true, customer };
  } catch (error) {
    if (error instanceof AccountError && error.code === "ALREADY_REGISTERED") await recordFailedGuess(services, "registeredEmail");
    throw error;
  }
}
