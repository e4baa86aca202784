import type { AppLoadContext } from "react-router";
import { newPasswordFields, parseFields } from "../../modules/accounts/validation";
import { acceptInvitation } from "../../modules/merchants/accept-invitation";
import { authenticateMerchantUser, MERCHANT_SIGN_IN } from "../../modules/merchants/authenticate-merchant-user";
import { shownError } from "../../server/errors";
import { signInMerchant } from "../../server/merchants/merchant-session";
import { checkRateLimit } from "../../server/security/rate-limits";
import { formResult, formText, tooManyAttempts } from "../accounts/page.server";
import { passwordSignInFromForm } from "../accounts/password-sign-in.server";

export type PortalSignInOutcome = { ok: true } | { ok: false; response: ReturnType<typeof formResult> };

/** The portal's sign-in form: the merchant kind (its own rate limit), then a portal session. */
export function merchantLogInFromForm(context: AppLoadContext, form: FormData): Promise<PortalSignInOutcome> {
  return passwordSignInFromForm(context, form, {
    kind: MERCHANT_SIGN_IN,
    authenticate: (credentials) => authenticateMerchantUser(context.db, context.clock, credentials),
    start: ({ merchantUserId }) => signInMerchant(context, merchantUserId),
  });
}

/** The invitation form: a new password (the shoppers' rules), single use, then signed in. */
export async function acceptInvitationFromForm(context: AppLoadContext, token: string, form: FormData): Promise<PortalSignInOutcome> {
  const parsed = parseFields(newPasswordFields, { password: formText(form, "password"), confirmPassword: formText(form, "confirmPassword") });
  if (!parsed.ok) return { ok: false, response: formResult({ fieldErrors: parsed.fieldErrors }, 400) };
  const limit = await checkRateLimit(context, "merchantInvitation");
  if (!limit.allowed) return { ok: false, response: tooManyAttempts(limit.retryAfterSeconds) };
  try {
    const { merchantUserId } = await acceptInvitation(context.db, context.clock, { token, password: parsed.data.password });
    await signInMerchant(context, merchantUserId);
    return { ok: true };
  } catch (error) {
    const shown = shownError(error);
    return { ok: false, response: formResult({ formError: shown.message }, shown.status) };
  }
}
