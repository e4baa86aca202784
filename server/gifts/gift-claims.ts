import type { CustomerSummary } from "../../modules/accounts/customers";
import { claimGift } from "../../modules/gifts/claim-gift";
import { giftError } from "../../modules/gifts/errors";
import { type GiftView, findGift } from "../../modules/gifts/find-gift";
import { typedGiftCode } from "../../modules/gifts/gift-codes";
import type { RequestServices } from "../context";
import { type ErrorAnswer, shownError } from "../errors";
import { checkGuessLimit, GUESS_LIMITS, recordFailedGuess } from "../security/rate-limits";

type Services = Pick<RequestServices, "db" | "clock" | "brand" | "clientIp" | "publicOrigin">;

export type GiftFailure = ErrorAnswer & { retryAfterSeconds?: number };
export type GiftOutcome<T> = { ok: true; value: T } | { ok: false; failure: GiftFailure };

/**
 * A gift code typed by a signed-in recipient, within the guessing limit (page and API alike): a
 * code that names no gift to claim counts against the customer and the client's IP, and once they
 * have used up their tries no code is looked up until the window ends.
 */
async function guarded<T>(services: Services, customer: CustomerSummary, typed: string, run: (code: string) => Promise<T>): Promise<GiftOutcome<T>> {
  if (!typed.trim()) return { ok: false, failure: shownError(giftError("GIFT_CODE_REQUIRED")) };
  const subjects = { customerId: customer.id };
  const limit = await checkGuessLimit(services, "giftCode", subjects);
  if (!limit.allowed) return { ok: false, failure: { status: 429, code: "RATE_LIMITED", message: GUESS_LIMITS.giftCode.message, retryAfterSeconds: limit.retryAfterSeconds } };
  try {
    const code = typedGiftCode(typed);
    if (code === null) throw giftError("GIFT_CODE_NOT_RECOGNIZED");
    return { ok: true, value: await run(code) };
  } catch (error) {
    const failure = shownError(error);
    if (failure.code === "GIFT_CODE_NOT_RECOGNIZED") await recordFailedGuess(services, "giftCode", subjects);
    return { ok: false, failure };
  }
}

/** Step one of /mygift: the gift a code names (spec §2: enter a code, then choose a gift). */
export function lookUpGift(services: Services, customer: CustomerSummary, typed: string): Promise<GiftOutcome<GiftView>> {
  return guarded(services, customer, typed, (code) => findGift(services.db, { code, customerId: customer.id, now: services.clock.now() }));
}

/** Step two: the claim, for the option chosen; the voucher is emailed to the customer ("voucher emailed"). */
export function claimGiftWithCode(services: Services, customer: CustomerSummary, typed: string, productId: number | undefined) {
  return guarded(services, customer, typed, (code) =>
    claimGift(
      { db: services.db, clock: services.clock, brand: services.brand.id, linkOrigin: services.publicOrigin },
      { code, customer: { id: customer.id, email: customer.email, firstName: customer.firstName }, productId, actor: { type: "customer", id: String(customer.id) } },
    ),
  );
}
