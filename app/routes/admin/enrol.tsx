import { data, Form, redirect, useNavigation } from "react-router";
import { accountMeta } from "../../accounts/meta";
import { formText, PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { totpEnrolmentView } from "../../admin/enrolment.server";
import { ADMIN_HOME, ADMIN_LOGIN } from "../../admin/paths";
import { enrolFromForm } from "../../admin/sign-in.server";
import { AccountCard, AccountField, AccountSubmit } from "../../components/AccountField";
import { AdminFormErrors } from "../../components/admin/AdminFormErrors";
import { AdminHeader } from "../../components/admin/AdminHeader";
import { CsrfField } from "../../components/CsrfField";
import { currentStaff } from "../../../server/staff/staff-session";
import type { Route } from "./+types/enrol";

export const meta = accountMeta("Set up your authenticator app");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

const FIELDS = [{ name: "code", id: "staff-first-code", label: "Code from the app" }] as const;

/** Only for a signed-in member (after accepting an invitation, or when an authenticator is required). */
async function signedInSession(context: Route.LoaderArgs["context"]) {
  const session = await currentStaff(context);
  if (!session) throw redirect(ADMIN_LOGIN);
  return session;
}

/** A member who already has an authenticator gets no new key (the page then links on; it also shows the codes after enrolling). */
export async function loader({ context }: Route.LoaderArgs) {
  const session = await signedInSession(context);
  return { csrfToken: context.session.csrfToken(), enrolment: session.member.totpEnrolled ? null : totpEnrolmentView(session.member.email) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await signedInSession(context);
  if (session.member.totpEnrolled) throw redirect(ADMIN_HOME);
  const form = await request.formData();
  const outcome = await enrolFromForm(context, session, form);
  if (outcome.ok) return { recoveryCodes: outcome.recoveryCodes };
  // The same secret again, so a code typed late from the app still matches.
  return data(
    { fieldErrors: { code: outcome.message }, enrolment: totpEnrolmentView(session.member.email, formText(form, "secret")) },
    { status: outcome.status },
  );
}

export default function AdminEnrol({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (actionData && "recoveryCodes" in actionData) {
    return (
      <>
        <AdminHeader />
        <AccountCard title="Save your recovery codes">
          <p className="mb-4" role="status">
            Your authenticator app is set up. If you lose your phone, each of these codes signs you in once instead of a code from the app. Keep them somewhere safe: they are shown only now.
          </p>
          <ul className="mb-6 grid grid-cols-2 gap-2 font-mono" aria-label="Recovery codes" data-testid="recovery-codes">
            {actionData.recoveryCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
          <a href={ADMIN_HOME} className="inline-block rounded bg-brand px-5 py-3 font-bold text-white hover:bg-brand-dark">
            I have saved them: continue
          </a>
        </AccountCard>
      </>
    );
  }
  const enrolment = actionData?.enrolment ?? loaderData.enrolment;
  if (!enrolment) {
    return (
      <>
        <AdminHeader />
        <AccountCard title="Your authenticator app is set up">
          <a href={ADMIN_HOME} className="font-bold text-brand-dark underline">
            Continue to the back office
          </a>
        </AccountCard>
      </>
    );
  }
  return (
    <>
      <AdminHeader />
      <AccountCard title="Set up your authenticator app">
        <ol className="mb-4 list-decimal space-y-2 pl-5">
          <li>Open an authenticator app on your phone and scan this QR code, or type the key below.</li>
          <li>Enter the 6-digit code the app shows.</li>
        </ol>
        <img src={enrolment.qrDataUrl} alt="QR code for your authenticator app (the key below says the same)" className="mb-4 h-48 w-48" />
        <p className="mb-2">
          Key: <code className="font-mono font-bold" data-testid="totp-secret">{enrolment.grouped}</code>
        </p>
        <details className="mb-4">
          <summary className="cursor-pointer">Setup link (otpauth)</summary>
          <p className="break-all font-mono text-sm" data-testid="totp-uri">
            {enrolment.uri}
          </p>
        </details>
        <AdminFormErrors result={actionData} fields={FIELDS} />
        <Form method="post" noValidate>
          <CsrfField token={loaderData.csrfToken} />
          <input type="hidden" name="secret" value={enrolment.secret} />
          <AccountField id="staff-first-code" label="Code from the app" name="code" autoComplete="one-time-code" error={actionData?.fieldErrors?.code} />
          <AccountSubmit busy={busy}>Confirm</AccountSubmit>
        </Form>
      </AccountCard>
    </>
  );
}
