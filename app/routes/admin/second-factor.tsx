import { Form, redirect, useNavigation } from "react-router";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { ADMIN_HOME, ADMIN_LOGIN } from "../../admin/paths";
import { secondFactorFromForm } from "../../admin/sign-in.server";
import { AccountCard, AccountField, AccountSubmit } from "../../components/AccountField";
import { AdminFormErrors } from "../../components/admin/AdminFormErrors";
import { AdminHeader } from "../../components/admin/AdminHeader";
import { CsrfField } from "../../components/CsrfField";
import { currentStaff } from "../../../server/staff/staff-session";
import type { Route } from "./+types/second-factor";

export const meta = accountMeta("Enter your code");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

const FIELDS = [{ name: "code", id: "staff-code", label: "Code" }] as const;

/** Only for a session whose password was right and whose member has an authenticator; others go where they belong. */
async function pendingSession(context: Route.LoaderArgs["context"]) {
  const session = await currentStaff(context);
  if (!session) throw redirect(ADMIN_LOGIN);
  if (session.secondFactorAt || !session.member.totpEnrolled) throw redirect(ADMIN_HOME);
  return session;
}

export async function loader({ context }: Route.LoaderArgs) {
  await pendingSession(context);
  return { csrfToken: context.session.csrfToken() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await pendingSession(context);
  const outcome = await secondFactorFromForm(context, session, await request.formData());
  if (!outcome.ok) return outcome.response;
  return redirect(ADMIN_HOME);
}

export default function AdminSecondFactor({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <AdminHeader />
      <AccountCard title="Enter your code">
        <p className="mb-4">Enter the 6-digit code your authenticator app shows now. Lost your phone? Enter one of your recovery codes instead.</p>
        <AdminFormErrors result={actionData} fields={FIELDS} />
        <Form method="post" noValidate>
          <CsrfField token={loaderData.csrfToken} />
          <AccountField id="staff-code" label="Code" name="code" autoComplete="one-time-code" error={actionData?.fieldErrors?.code} />
          <AccountSubmit busy={busy}>Continue</AccountSubmit>
        </Form>
      </AccountCard>
    </>
  );
}
