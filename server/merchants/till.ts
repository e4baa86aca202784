import { marketTimeZone } from "../../lib/market-time";
import { lookUpVoucherForMerchant, markVoucherBooked, type MerchantVoucherView, redeemVoucher } from "../../modules/vouchers/redeem-voucher";
import type { RequestServices } from "../context";
import { type ErrorStatus, shownError } from "../errors";
import { checkGuessLimit, GUESS_LIMITS, recordFailedGuess } from "../security/rate-limits";
import type { SignedInMerchant } from "./merchant-session";

export type TillAction = "lookup" | "redeem" | "book";

export type TillOutcome =
  | { ok: true; voucher: MerchantVoucherView; done: "redeemed" | "booked" | null }
  | { ok: false; status: ErrorStatus; message: string; retryAfterSeconds?: number; voucher?: MerchantVoucherView };

type Services = Pick<RequestServices, "db" | "clock" | "brand" | "clientIp">;

/**
 * A code at the merchant's till, within the guessing limit: a code that is not the merchant's
 * counts against the merchant user and the client's IP, and once they have used up their tries no
 * code is looked up until the window ends. A refused redemption answers with the voucher as it
 * is now, so the till shows why.
 */
export async function atTheTill(services: Services, merchant: SignedInMerchant, action: TillAction, code: string): Promise<TillOutcome> {
  const subjects = { account: merchant.user.email };
  const limit = await checkGuessLimit(services, "voucherCode", subjects);
  if (!limit.allowed) return { ok: false, status: 429, message: GUESS_LIMITS.voucherCode.message, retryAfterSeconds: limit.retryAfterSeconds };
  const request = { merchantId: merchant.user.merchantId, code, at: services.clock.now(), timeZone: marketTimeZone(services.brand.countryCode) };
  try {
    if (action === "lookup") return { ok: true, voucher: await lookUpVoucherForMerchant(services.db, request), done: null };
    const take = action === "redeem" ? redeemVoucher : markVoucherBooked;
    const voucher = await take(services.db, { ...request, merchantUserId: merchant.user.id });
    return { ok: true, voucher, done: action === "redeem" ? "redeemed" : "booked" };
  } catch (error) {
    const shown = shownError(error);
    if (shown.code === "UNKNOWN_CODE") {
      await recordFailedGuess(services, "voucherCode", subjects);
      return { ok: false, status: shown.status, message: shown.message };
    }
    const voucher = await lookUpVoucherForMerchant(services.db, request).catch(() => undefined);
    return { ok: false, status: shown.status, message: shown.message, voucher };
  }
}
