import { Form, redirect, useNavigation } from "react-router";
import { safeLocalPath, signInDestination } from "../../server/accounts/redirects";
import { accountMeta } from "../accounts/meta";
import { formText, PRIVATE_PAGE_HEADERS } from "../accounts/page.server";
import { registerFromForm } from "../accounts/sign-in-forms.server";
import { AccountCard, AccountFormMessage, AccountSubmit } from "../components/AccountField";
import { RegistrationFields, registrationFieldList, SignInErrorSummary } from "../components/AccountSignInFields";
import { CsrfField } from "../components/CsrfField";
import { LoginGoogleButton } from "../components/LoginGoogleButton";
import type { Route } from "./+types/register";

export const meta = accountMeta("Create an account");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export function loader({ request, context }: Route.LoaderArgs) {
  const redirectUrl = safeLocalPath(new URL(request.url).searchParams.get("redirectUrl"));
  if (context.customer) throw redirect("/myaccount");
  return { csrfToken: context.session.csrfToken(), redirectUrl };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const outcome = await registerFromForm(context, form);
  if (!outcome.ok) return outcome.response;
  // With nowhere particular to go, the account page welcomes the new customer.
  return redirect(signInDestination(context.cookies, formText(form, "redirectUrl"), "/myaccount?registered=1"));
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const loginHref = loaderData.redirectUrl ? `/login?redirectUrl=${encodeURIComponent(loaderData.redirectUrl)}` : "/login";
  return (
    <AccountCard title="Create an account">
      <SignInErrorSummary result={actionData} fields={registrationFieldList("register")} />
      <AccountFormMessage error={actionData?.formError} />
      <Form method="post" noValidate>
        <CsrfField token={loaderData.csrfToken} />
        {loaderData.redirectUrl && <input type="hidden" name="redirectUrl" value={loaderData.redirectUrl} />}
        <RegistrationFields result={actionData} idPrefix="register" />
        <AccountSubmit busy={busy}>Create account</AccountSubmit>
      </Form>
      <p className="mt-4">
        Already registered?{" "}
        <a className="font-bold text-brand-dark underline" href={loginHref}>
          Log in
        </a>
      </p>
      <LoginGoogleButton />
    </AccountCard>
  );
}
