import { Form, redirect, useNavigation } from "react-router";
import { accountMeta } from "../../accounts/meta";
import { formText, PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { AccountCard, AccountField, AccountSubmit } from "../../components/AccountField";
import { CsrfField } from "../../components/CsrfField";
import { PortalFormError } from "../../components/merchant/PortalFormError";
import { portalDestination } from "../../merchant/portal.server";
import { merchantLogInFromForm } from "../../merchant/sign-in.server";
import { currentMerchant } from "../../../server/merchants/merchant-session";
import type { Route } from "./+types/login";

export const meta = accountMeta("Merchant portal sign-in");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectUrl = new URL(request.url).searchParams.get("redirectUrl");
  if (await currentMerchant(context)) throw redirect(portalDestination(redirectUrl));
  return { csrfToken: context.session.csrfToken(), redirectUrl: portalDestination(redirectUrl) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const outcome = await merchantLogInFromForm(context, form);
  if (!outcome.ok) return outcome.response;
  return redirect(portalDestination(formText(form, "redirectUrl")));
}

export default function MerchantLogin({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <AccountCard title="Merchant portal sign-in">
      <p className="mb-4">For merchants redeeming vouchers. Shopping with us? <a className="font-bold text-brand-dark underline" href="/login">Log in here</a>.</p>
      <PortalFormError result={actionData} />
      <Form method="post" noValidate>
        <CsrfField token={loaderData.csrfToken} />
        <input type="hidden" name="redirectUrl" value={loaderData.redirectUrl} />
        <AccountField label="Email" name="email" type="email" autoComplete="username" defaultValue={actionData?.values?.email} error={actionData?.fieldErrors?.email} />
        <AccountField label="Password" name="password" type="password" autoComplete="current-password" error={actionData?.fieldErrors?.password} />
        <AccountSubmit busy={busy}>Sign in</AccountSubmit>
      </Form>
      <p className="mt-4 text-sm text-gray-700">New to the portal? Use the link in your invitation email to choose your password.</p>
    </AccountCard>
  );
}
