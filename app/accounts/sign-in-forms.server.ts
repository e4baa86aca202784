import type { AppLoadContext } from "react-router";
import { authenticate, SHOPPER_SIGN_IN } from "../../modules/accounts/authenticate";
import { parseFields, registrationFields } from "../../modules/accounts/validation";
import { registerVisitor } from "../../server/accounts/register-visitor";
import { signIn } from "../../server/accounts/sign-in";
import { formResult, formText, tooManyAttempts } from "./page.server";
import { passwordSignInFromForm, type SignInOutcome } from "./password-sign-in.server";
import { shownError } from "../../server/errors";

export type { SignInOutcome } from "./password-sign-in.server";

/** The login form (the /login page and the checkout's inline login): the shopper kind, "remember me". */
export function logInFromForm(context: AppLoadContext, form: FormData): Promise<SignInOutcome> {
  const rememberMe = form.get("rememberMe") === "on";
  return passwordSignInFromForm(context, form, {
    kind: SHOPPER_SIGN_IN,
    authenticate: (credentials) => authenticate(context.db, context.clock, { brand: context.brand.id, ...credentials }),
    start: (customer) => signIn(context, customer, { rememberMe }),
    marksLocked: true,
  });
}

/** The registration form (the /register page and the checkout's inline registration). */
export async function registerFromForm(context: AppLoadContext, form: FormData): Promise<SignInOutcome> {
  const values = { firstName: formText(form, "firstName"), lastName: formText(form, "lastName"), email: formText(form, "email") };
  const subscribe = form.get("subscribe") === "on";
  const parsed = parseFields(registrationFields, {
    ...values,
    password: formText(form, "password"),
    confirmPassword: formText(form, "confirmPassword"),
    subscribe,
  });
  if (!parsed.ok) return { ok: false, response: formResult({ values, fieldErrors: parsed.fieldErrors }, 400) };

  try {
    const registered = await registerVisitor(context, { ...parsed.data, linkOrigin: context.publicOrigin });
    if (!registered.ok) return { ok: false, response: tooManyAttempts(registered.retryAfterSeconds, values) };
    await signIn(context, registered.customer, { rememberMe: false });
    return { ok: true };
  } catch (error) {
    const shown = shownError(error);
    return { ok: false, response: formResult({ values, formError: shown.message }, shown.status) };
  }
}
