import { VIP_REFUND_ERRORS } from "../../modules/vip-rewards/refund-errors";
import { findVipRefundForm, submitVipRefundChoice, type VipRefundForm } from "../../modules/vip-rewards/refund-form";
import type { RequestServices } from "../context";
import { type ErrorStatus, shownError } from "../errors";
import { checkGuessLimit, GUESS_LIMITS, recordFailedGuess } from "../security/rate-limits";

type Services = Pick<RequestServices, "db" | "clock" | "brand" | "clientIp">;

export type RefundLinkOutcome =
  | { ok: true; form: VipRefundForm }
  | { ok: false; status: ErrorStatus; code: string; message: string; retryAfterSeconds?: number };

const limited = (retryAfterSeconds: number): RefundLinkOutcome => ({
  ok: false,
  status: 429,
  code: "TOO_MANY_GUESSES",
  message: GUESS_LIMITS.vipRefundLink.message,
  retryAfterSeconds,
});

/**
 * The request a VIP refund link names, within the guessing limit: a token that names nothing
 * counts against the client's IP, and once it has used up its tries no token is looked up until
 * the window ends (docs/decisions/vip-refund-form.md).
 */
export async function openRefundLink(services: Services, token: string): Promise<RefundLinkOutcome> {
  const limit = await checkGuessLimit(services, "vipRefundLink");
  if (!limit.allowed) return limited(limit.retryAfterSeconds);
  const form = await findVipRefundForm(services.db, token, services.clock.now());
  if (form) return { ok: true, form };
  await recordFailedGuess(services, "vipRefundLink");
  return { ok: false, status: 404, code: "LINK_NOT_RECOGNISED", message: VIP_REFUND_ERRORS.LINK_NOT_RECOGNISED.message };
}

/** The form's answer, within the same guessing limit. */
export async function answerRefundLink(services: Services, token: string, choice: string): Promise<RefundLinkOutcome> {
  const limit = await checkGuessLimit(services, "vipRefundLink");
  if (!limit.allowed) return limited(limit.retryAfterSeconds);
  try {
    return { ok: true, form: await submitVipRefundChoice(services.db, { token, choice, now: services.clock.now() }) };
  } catch (error) {
    const shown = shownError(error);
    if (shown.code === "LINK_NOT_RECOGNISED") await recordFailedGuess(services, "vipRefundLink");
    return { ok: false, status: shown.status, code: shown.code, message: shown.message };
  }
}
