import { Form, useNavigation } from "react-router";
import { changePassword } from "../../../modules/accounts/change-password";
import { ACCOUNT_MESSAGES } from "../../../modules/accounts/errors";
import { parseFields, passwordChangeFields } from "../../../modules/accounts/validation";
import { requireCustomer } from "../../../server/accounts/redirects";
import { signIn } from "../../../server/accounts/sign-in";
import { checkRateLimit } from "../../../server/security/rate-limits";
import { accountMeta } from "../../accounts/meta";
import { formResult, formText, PRIVATE_PAGE_HEADERS, tooManyAttempts } from "../../accounts/page.server";
import { AccountField, AccountFormMessage, AccountSubmit } from "../../components/AccountField";
import { CsrfField } from "../../components/CsrfField";
import type { Route } from "./+types/password";
import { shownError } from "../../../server/errors";

export const meta = accountMeta("Change password");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireCustomer(context, request);
  return { csrfToken: context.session.csrfToken() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const customer = requireCustomer(context, request);
  const form = await request.formData();
  const parsed = parseFields(passwordChangeFields, {
    currentPassword: formText(form, "currentPassword"),
    password: formText(form, "password"),
    confirmPassword: formText(form, "confirmPassword"),
  });
  if (!parsed.ok) return formResult({ fieldErrors: parsed.fieldErrors }, 400);
  const limit = await checkRateLimit(context, "passwordChange", customer.email);
  if (!limit.allowed) return tooManyAttempts(limit.retryAfterSeconds);
  try {
    await changePassword(context.db, context.clock, {
      customerId: customer.id,
      currentPassword: parsed.data.currentPassword,
      newPassword: parsed.data.password,
    });
    // Every session ended with the change (other devices are signed out); this browser gets a new one.
    await signIn(context, customer, { rememberMe: context.session.rememberMe });
    return formResult({ success: ACCOUNT_MESSAGES.passwordUpdated });
  } catch (error) {
    const shown = shownError(error);
    return formResult({ formError: shown.message }, shown.status);
  }
}

export default function ChangePassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.fieldErrors;
  return (
    <section className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <h1 className="mb-6 text-2xl font-bold">Change password</h1>
      <AccountFormMessage error={actionData?.formError} success={actionData?.success} />
      <Form method="post" noValidate className="max-w-md">
        <CsrfField token={loaderData.csrfToken} />
        <AccountField label="Current password" name="currentPassword" type="password" autoComplete="current-password" error={errors?.currentPassword} />
        <AccountField label="New password" name="password" type="password" autoComplete="new-password" error={errors?.password} />
        <AccountField label="Confirm Password" name="confirmPassword" type="password" autoComplete="new-password" error={errors?.confirmPassword} />
        <AccountSubmit busy={busy}>Update password</AccountSubmit>
      </Form>
    </section>
  );
}
