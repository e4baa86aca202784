import { Form, useNavigation } from "react-router";
import { ACCOUNT_MESSAGES } from "../../modules/accounts/errors";
import { requestPasswordLink } from "../../modules/accounts/password-links";
import { emailOnlyFields, parseFields } from "../../modules/accounts/validation";
import { checkRateLimit } from "../../server/security/rate-limits";
import { accountMeta } from "../accounts/meta";
import { formResult, formText, PRIVATE_PAGE_HEADERS, tooManyAttempts } from "../accounts/page.server";
import { AccountCard, AccountField, AccountFormMessage, AccountSubmit } from "../components/AccountField";
import { CsrfField } from "../components/CsrfField";
import { ErrorSummary, summaryErrors } from "../components/ErrorSummary";

const EMAIL_FIELD = { name: "email", id: "forgot-password-email", label: "Email" };
import type { Route } from "./+types/forgot-password";

export const meta = accountMeta("Forgot your password?");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export function loader({ context }: Route.LoaderArgs) {
  return { csrfToken: context.session.csrfToken() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = { email: formText(form, "email") };
  const parsed = parseFields(emailOnlyFields, values);
  if (!parsed.ok) return formResult({ values, fieldErrors: parsed.fieldErrors }, 400);
  const limit = await checkRateLimit(context, "passwordResetRequest", parsed.data.email);
  if (!limit.allowed) return tooManyAttempts(limit.retryAfterSeconds, values);
  await requestPasswordLink(context.db, context.clock, { brand: context.brand.id, email: parsed.data.email, linkOrigin: context.publicOrigin });
  return formResult({ values, success: ACCOUNT_MESSAGES.resetEmailSent });
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <AccountCard title="Forgot your password?">
      <ErrorSummary errors={summaryErrors([EMAIL_FIELD], actionData?.fieldErrors)} attempt={actionData} />
      <AccountFormMessage error={actionData?.formError} success={actionData?.success} />
      <p className="mb-4">Enter the email address of your account and we'll email you a link to choose a new password.</p>
      <Form method="post" noValidate>
        <CsrfField token={loaderData.csrfToken} />
        <AccountField id={EMAIL_FIELD.id} label="Email" name="email" type="email" autoComplete="email" defaultValue={actionData?.values?.email} error={actionData?.fieldErrors?.email} />
        <AccountSubmit busy={busy}>Send me a link</AccountSubmit>
      </Form>
      <p className="mt-4">
        <a className="text-brand-dark underline" href="/login">
          Back to log in
        </a>
      </p>
    </AccountCard>
  );
}
