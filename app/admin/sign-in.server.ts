import type { AppLoadContext } from "react-router";
import { newPasswordFields, parseFields } from "../../modules/accounts/validation";
import { acceptStaffInvitation } from "../../modules/staff/accept-invitation";
import { confirmStaffTotp } from "../../modules/staff/enrol-totp";
import { checkStaffSecondFactor } from "../../modules/staff/second-factor";
import { authenticateStaff, staffSignIn } from "../../modules/staff/staff-sign-in";
import { passSecondFactor, type StaffSession } from "../../modules/staff/staff-sessions";
import { shownError } from "../../server/errors";
import { checkRateLimit } from "../../server/security/rate-limits";
import { forgetStaffLookup, signInStaff } from "../../server/staff/staff-session";
import { formResult, formText, tooManyAttempts } from "../accounts/page.server";
import { passwordSignInFromForm, type SignInOutcome } from "../accounts/password-sign-in.server";
import { isDemo } from "./guard.server";

/** The back office's password step: the staff kind (its rate limit, lockout), then a session whose second factor is still due. */
export function staffLogInFromForm(context: AppLoadContext, form: FormData): Promise<SignInOutcome> {
  const demo = isDemo(context);
  return passwordSignInFromForm(context, form, {
    kind: staffSignIn({ demo }),
    authenticate: (credentials) => authenticateStaff(context.db, context.clock, credentials, { demo }),
    start: ({ staffUserId }) => signInStaff(context, staffUserId),
  });
}

/** The second step: a code from the authenticator or a recovery code, counted per IP and per member. */
export async function secondFactorFromForm(context: AppLoadContext, session: StaffSession, form: FormData): Promise<SignInOutcome> {
  const code = formText(form, "code").slice(0, 40);
  if (!code.trim()) return { ok: false, response: formResult({ fieldErrors: { code: "Enter the code from your authenticator app, or a recovery code." } }, 400) };
  const limit = await checkRateLimit(context, "staffSecondFactor", session.member.email);
  if (!limit.allowed) return { ok: false, response: tooManyAttempts(limit.retryAfterSeconds) };
  try {
    await checkStaffSecondFactor(context.db, context.clock, session.member.id, code);
    await passSecondFactor(context.db, context.clock, session.id);
    forgetStaffLookup(context);
    return { ok: true };
  } catch (error) {
    const shown = shownError(error);
    return { ok: false, response: formResult({ fieldErrors: { code: shown.message } }, shown.status) };
  }
}

/** The invitation's form: a password by the shop's rules, single use, then signed in to enrol the authenticator. */
export async function acceptStaffInvitationFromForm(context: AppLoadContext, token: string, form: FormData): Promise<SignInOutcome> {
  const parsed = parseFields(newPasswordFields, { password: formText(form, "password"), confirmPassword: formText(form, "confirmPassword") });
  if (!parsed.ok) return { ok: false, response: formResult({ fieldErrors: parsed.fieldErrors }, 400) };
  const limit = await checkRateLimit(context, "staffInvitation");
  if (!limit.allowed) return { ok: false, response: tooManyAttempts(limit.retryAfterSeconds) };
  try {
    const { staffUserId } = await acceptStaffInvitation(context.db, context.clock, { token, password: parsed.data.password, ip: context.clientIp, requestId: context.requestId });
    await signInStaff(context, staffUserId);
    return { ok: true };
  } catch (error) {
    const shown = shownError(error);
    return { ok: false, response: formResult({ formError: shown.message }, shown.status) };
  }
}

/** Confirms the authenticator with its first code: answers the recovery codes to show once; the session counts as second-factor passed. */
export async function enrolFromForm(context: AppLoadContext, session: StaffSession, form: FormData): Promise<{ ok: true; recoveryCodes: string[] } | { ok: false; message: string; status: number }> {
  const limit = await checkRateLimit(context, "staffSecondFactor", session.member.email);
  if (!limit.allowed) return { ok: false, message: "Too many attempts. Please wait a few minutes and try again.", status: 429 };
  try {
    const { recoveryCodes } = await confirmStaffTotp(context.db, context.clock, session.member.id, { secret: formText(form, "secret"), code: formText(form, "code") });
    await passSecondFactor(context.db, context.clock, session.id);
    forgetStaffLookup(context);
    return { ok: true, recoveryCodes };
  } catch (error) {
    const shown = shownError(error);
    return { ok: false, message: shown.message, status: shown.status };
  }
}
