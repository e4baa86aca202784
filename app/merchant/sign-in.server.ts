import type { AppLoadContext } from "react-router";
import { loginFields, newPasswordFields, parseFields } from "../../modules/accounts/validation";
import { acceptInvitation } from "../../modules/merchants/accept-invitation";
import { authenticateMerchantUser } from "../../modules/merchants/authenticate-merchant-user";
import { shownError } from "../../server/errors";
import { signInMerchant } from "../../server/merchants/merchant-session";
import { checkRateLimit } from "../../server/security/rate-limits";
import { formResult, formText, tooManyAttempts } from "../accounts/page.server";

export type PortalSignInOutcome = { ok: true } | { ok: false; response: ReturnType<typeof formResult> };

/** The portal's sign-in form: the shoppers' field rules, its own rate limit, then a portal session. */
export async function merchantLogInFromForm(context: AppLoadContext, form: FormData): Promise<PortalSignInOutcome> {
  const values = { email: formText(form, "email") };
  const parsed = parseFields(loginFields, { email: values.email, password: formText(form, "password") });
  if (!parsed.ok) return { ok: false, response: formResult({ values, fieldErrors: parsed.fieldErrors }, 400) };
  const limit = await checkRateLimit(context, "merchantLogin", parsed.data.email);
  if (!limit.allowed) return { ok: false, response: tooManyAttempts(limit.retryAfterSeconds, values) };
  try {
    const { merchantUserId } = await authenticateMerchantUser(context.db, context.clock, parsed.data);
    await signInMerchant(context, merchantUserId);
    return { ok: true };
  } catch (error) {
    const shown = shownError(error);
    return { ok: false, response: formResult({ values, formError: shown.message }, shown.status) };
  }
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
