import type { AppLoadContext } from "react-router";
import { loginFields, parseFields } from "../../modules/accounts/validation";
import { shownError } from "../../server/errors";
import { checkSignInLimit, clearSignInLimit } from "../../server/security/rate-limits";
import type { FormResult } from "./form-result";
import { formResult, formText, tooManyAttempts } from "./page.server";

/** A sign-in form's outcome: signed in, or the answer to send back (field errors, lock, limit). */
export type SignInOutcome = { ok: true } | { ok: false; response: ReturnType<typeof formResult> };

/** What one kind of user's sign-in form plugs in (modules/sign-in/kind.ts gives the kind). */
export interface PasswordSignIn<Account> {
  kind: { name: string; rateLimits: { signIn: string } };
  authenticate(credentials: { email: string; password: string }): Promise<Account>;
  start(account: Account): Promise<void>;
  /** Whether the answer says the account is locked (the shoppers' page shows the reset link then). */
  marksLocked?: boolean;
}

/**
 * Every email-and-password form, whoever signs in: the shoppers' field rules, the kind's rate
 * limit, the core's check (lockout, decoy), then the kind's session; refusals in the kind's words.
 */
export async function passwordSignInFromForm<Account>(context: AppLoadContext, form: FormData, how: PasswordSignIn<Account>): Promise<SignInOutcome> {
  const values = { email: formText(form, "email") };
  const parsed = parseFields(loginFields, { email: values.email, password: formText(form, "password") });
  if (!parsed.ok) return { ok: false, response: formResult({ values, fieldErrors: parsed.fieldErrors }, 400) };
  const limit = await checkSignInLimit(context, how.kind, parsed.data.email);
  if (!limit.allowed) return { ok: false, response: tooManyAttempts(limit.retryAfterSeconds, values) };
  try {
    await how.start(await how.authenticate(parsed.data));
    await clearSignInLimit(context, how.kind, parsed.data.email);
    return { ok: true };
  } catch (error) {
    const shown = shownError(error);
    const result: FormResult = { values, formError: shown.message };
    if (how.marksLocked) result.locked = shown.code === "ACCOUNT_LOCKED";
    return { ok: false, response: formResult(result, shown.status) };
  }
}
