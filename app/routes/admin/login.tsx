import { Form, redirect, useNavigation } from "react-router";
import { accountMeta } from "../../accounts/meta";
import { formText, PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { adminDestination, isDemo, nextStepPath } from "../../admin/guard.server";
import { staffLogInFromForm } from "../../admin/sign-in.server";
import { AccountCard, AccountField, AccountSubmit } from "../../components/AccountField";
import { AdminFormErrors } from "../../components/admin/AdminFormErrors";
import { AdminHeader } from "../../components/admin/AdminHeader";
import { CsrfField } from "../../components/CsrfField";
import { currentStaff } from "../../../server/staff/staff-session";
import type { Route } from "./+types/login";

export const meta = accountMeta("Back office sign-in");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

const FIELDS = [
  { name: "email", id: "staff-email", label: "Email" },
  { name: "password", id: "staff-password", label: "Password" },
] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectUrl = adminDestination(new URL(request.url).searchParams.get("redirectUrl"));
  const session = await currentStaff(context);
  if (session) throw redirect(nextStepPath(session, isDemo(context)) ?? redirectUrl);
  return { csrfToken: context.session.csrfToken(), redirectUrl };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const outcome = await staffLogInFromForm(context, form);
  if (!outcome.ok) return outcome.response;
  const session = await currentStaff(context);
  return redirect((session && nextStepPath(session, isDemo(context))) ?? adminDestination(formText(form, "redirectUrl")));
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <AdminHeader />
      <AccountCard title="Back office sign-in">
        <p className="mb-4">For Dealwise staff. Shopping with us? <a className="font-bold text-brand-dark underline" href="/login">Log in here</a>.</p>
        <AdminFormErrors result={actionData} fields={FIELDS} />
        <Form method="post" noValidate>
          <CsrfField token={loaderData.csrfToken} />
          <input type="hidden" name="redirectUrl" value={loaderData.redirectUrl} />
          <AccountField id="staff-email" label="Email" name="email" type="email" autoComplete="username" defaultValue={actionData?.values?.email} error={actionData?.fieldErrors?.email} />
          <AccountField id="staff-password" label="Password" name="password" type="password" autoComplete="current-password" error={actionData?.fieldErrors?.password} />
          <AccountSubmit busy={busy}>Sign in</AccountSubmit>
        </Form>
        <p className="mt-4 text-sm text-gray-700">New here? Use the link in your invitation email to choose your password.</p>
      </AccountCard>
    </>
  );
}
