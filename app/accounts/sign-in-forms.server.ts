import type { AppLoadContext } from "react-router";
import { authenticate } from "../../modules/accounts/authenticate";
import { loginFields, parseFields, registrationFields } from "../../modules/accounts/validation";
import { registerVisitor } from "../../server/accounts/register-visitor";
import { signIn } from "../../server/accounts/sign-in";
import { checkRateLimit } from "../../server/security/rate-limits";
import type { FormResult } from "./form-result";
import { formResult, formText, tooManyAttempts } from "./page.server";
import { shownError } from "../../server/errors";

/** A sign-in form's outcome: signed in, or the answer to send back (field errors, lock, limit). */
export type SignInOutcome = { ok: true } | { ok: false; response: ReturnType<typeof formResult> };

/** The login form (the /login page and the checkout's inline login): checks, rate-limits, signs in. */
export async function logInFromForm(context: AppLoadContext, form: FormData): Promise<SignInOutcome> {
  const values = { email: formText(form, "email") };
  const rememberMe = form.get("rememberMe") === "on";
  const parsed = parseFields(loginFields, { email: values.email, password: formText(form, "password") });
  if (!parsed.ok) return { ok: false, response: formResult({ values, fieldErrors: parsed.fieldErrors }, 400) };

  const limit = await checkRateLimit(context, "login", parsed.data.email);
  if (!limit.allowed) return { ok: false, response: tooManyAttempts(limit.retryAfterSeconds, values) };
  try {
    const customer = await authenticate(context.db, context.clock, { brand: context.brand.id, email: parsed.data.email, password: parsed.data.password });
    await signIn(context, customer, { rememberMe });
    return { ok: true };
  } catch (error) {
    const shown = shownError(error);
    const locked = shown.code === "ACCOUNT_LOCKED";
    return { ok: false, response: formResult({ values, formError: shown.message, locked } satisfies FormResult, shown.status) };
  }
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
