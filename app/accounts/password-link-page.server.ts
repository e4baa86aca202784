import { ACCOUNT_ERRORS, ACCOUNT_MESSAGES } from "../../modules/accounts/errors";
import { isAccountLinkUsable, PASSWORD_LINK_PATHS, setPasswordWithLink } from "../../modules/accounts/password-links";
import type { PasswordLinkPurpose } from "../../modules/accounts/schema";
import { parseFields, passwordLinkFields } from "../../modules/accounts/validation";
import type { RequestServices } from "../../server/context";
import { checkRateLimit } from "../../server/security/rate-limits";
import { formResult, formText, tooManyAttempts } from "./page.server";
import { shownError } from "../../server/errors";

/** Which kind of link a page serves, from its path (/reset-password, /activate-password). */
function purposeOf(request: Request): PasswordLinkPurpose {
  // A form posted by the page's JavaScript asks for "/reset-password.data" (React Router's data request).
  const path = new URL(request.url).pathname.replace(/\.data$/, "").replace(/(.)\/$/, "$1");
  const purpose = (Object.keys(PASSWORD_LINK_PATHS) as PasswordLinkPurpose[]).find((candidate) => PASSWORD_LINK_PATHS[candidate] === path);
  if (!purpose) throw new Error(`no password link is served at ${path}`);
  return purpose;
}

/** Reset and activation pages: the link's token is checked before the form is shown. */
export async function passwordLinkLoader(request: Request, context: RequestServices) {
  const purpose = purposeOf(request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const usable = await isAccountLinkUsable(context.db, context.clock, token, purpose);
  return { purpose, csrfToken: context.session.csrfToken(), token, linkError: usable ? null : ACCOUNT_ERRORS.LINK_EXPIRED.message };
}

/** Sets the password chosen through the link ('Password successfully updated'); the link is spent. */
export async function passwordLinkAction(request: Request, context: RequestServices) {
  const purpose = purposeOf(request);
  const form = await request.formData();
  const parsed = parseFields(passwordLinkFields, {
    token: formText(form, "token"),
    password: formText(form, "password"),
    confirmPassword: formText(form, "confirmPassword"),
  });
  if (!parsed.ok) return formResult({ fieldErrors: parsed.fieldErrors, formError: parsed.fieldErrors.token }, 400);
  const limit = await checkRateLimit(context, "passwordLink");
  if (!limit.allowed) return tooManyAttempts(limit.retryAfterSeconds);
  try {
    await setPasswordWithLink(context.db, context.clock, { token: parsed.data.token, purpose, password: parsed.data.password });
    return formResult({ success: ACCOUNT_MESSAGES.passwordUpdated });
  } catch (error) {
    const shown = shownError(error);
    return formResult({ formError: shown.message }, shown.status);
  }
}
