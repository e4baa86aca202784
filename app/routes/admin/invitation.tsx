import { data, Form, redirect, useNavigation } from "react-router";
import { findStaffInvitation } from "../../../modules/staff/accept-invitation";
import { STAFF_ERRORS } from "../../../modules/staff/errors";
import { tokenLinkMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { acceptStaffInvitationFromForm } from "../../admin/sign-in.server";
import { AccountCard, AccountField, AccountFormMessage, AccountSubmit } from "../../components/AccountField";
import { AdminFormErrors } from "../../components/admin/AdminFormErrors";
import { AdminHeader } from "../../components/admin/AdminHeader";
import { CsrfField } from "../../components/CsrfField";
import type { Route } from "./+types/invitation";

const TITLE = "Set your back office password";

export const meta = tokenLinkMeta(TITLE);

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

const FIELDS = [
  { name: "password", id: "staff-new-password", label: "New password" },
  { name: "confirmPassword", id: "staff-confirm-password", label: "Confirm Password" },
] as const;

export async function loader({ params, context }: Route.LoaderArgs) {
  const invitation = await findStaffInvitation(context.db, context.clock, params.token);
  return data({ csrfToken: context.session.csrfToken(), invitation }, { status: invitation ? 200 : 410 });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const outcome = await acceptStaffInvitationFromForm(context, params.token, await request.formData());
  if (!outcome.ok) return outcome.response;
  return redirect("/admin/enrol");
}

export default function AdminInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { invitation } = loaderData;
  return (
    <>
      <AdminHeader />
      <AccountCard title={TITLE}>
        {invitation ? (
          <>
            <p className="mb-4">
              Welcome, {invitation.name}. Choose a password to sign in to the back office as {invitation.email}. Next you will set up an authenticator app.
            </p>
            <AdminFormErrors result={actionData} fields={FIELDS} />
            <Form method="post" noValidate>
              <CsrfField token={loaderData.csrfToken} />
              <input type="text" name="username" autoComplete="username" value={invitation.email} readOnly hidden />
              <AccountField id="staff-new-password" label="New password" name="password" type="password" autoComplete="new-password" error={actionData?.fieldErrors?.password} />
              <AccountField id="staff-confirm-password" label="Confirm Password" name="confirmPassword" type="password" autoComplete="new-password" error={actionData?.fieldErrors?.confirmPassword} />
              <AccountSubmit busy={busy}>Save password and continue</AccountSubmit>
            </Form>
          </>
        ) : (
          <AccountFormMessage error={STAFF_ERRORS.INVITATION_EXPIRED.message} />
        )}
      </AccountCard>
    </>
  );
}
