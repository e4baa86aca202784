import { data, Form, redirect, useNavigation } from "react-router";
import { findUsableInvitation } from "../../../modules/merchants/accept-invitation";
import { MERCHANT_ERRORS } from "../../../modules/merchants/errors";
import { tokenLinkMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { AccountCard, AccountField, AccountFormMessage, AccountSubmit } from "../../components/AccountField";
import { CsrfField } from "../../components/CsrfField";
import { PortalFormError } from "../../components/merchant/PortalFormError";
import { PORTAL_HOME } from "../../merchant/portal.server";
import { acceptInvitationFromForm } from "../../merchant/sign-in.server";
import type { Route } from "./+types/invitation";

const TITLE = "Set your merchant portal password";

export const meta = tokenLinkMeta(TITLE);

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const invitation = await findUsableInvitation(context.db, context.clock, params.token);
  return data({ csrfToken: context.session.csrfToken(), invitation }, { status: invitation ? 200 : 410 });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const outcome = await acceptInvitationFromForm(context, params.token, await request.formData());
  if (!outcome.ok) return outcome.response;
  return redirect(PORTAL_HOME);
}

export default function MerchantInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { invitation } = loaderData;
  if (!invitation) {
    return (
      <AccountCard title={TITLE}>
        <AccountFormMessage error={MERCHANT_ERRORS.INVITATION_EXPIRED.message} />
      </AccountCard>
    );
  }
  return (
    <AccountCard title={TITLE}>
      <p className="mb-4">
        Welcome, {invitation.name}. Choose a password to sign in to the portal for {invitation.merchantName} as {invitation.email}.
      </p>
      <PortalFormError result={actionData} />
      <Form method="post" noValidate>
        <CsrfField token={loaderData.csrfToken} />
        <input type="text" name="username" autoComplete="username" value={invitation.email} readOnly hidden />
        <AccountField label="New password" name="password" type="password" autoComplete="new-password" error={actionData?.fieldErrors?.password} />
        <AccountField label="Confirm Password" name="confirmPassword" type="password" autoComplete="new-password" error={actionData?.fieldErrors?.confirmPassword} />
        <AccountSubmit busy={busy}>Save password and sign in</AccountSubmit>
      </Form>
    </AccountCard>
  );
}
