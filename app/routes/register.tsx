import { accountMeta } from "../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../accounts/page.server";
import { registerFromForm } from "../accounts/sign-in-forms.server";
import { signInPageAction, signInPageData } from "../accounts/sign-in-page.server";
import { AccountCard, AccountFormMessage } from "../components/AccountField";
import { RegistrationFields, registrationFieldList, SignInErrorSummary } from "../components/AccountSignInFields";
import { LoginGoogleButton } from "../components/LoginGoogleButton";
import { SignInPageForm, SignInPageSwitch } from "../components/SignInPageForm";
import type { Route } from "./+types/register";

export const meta = accountMeta("Create an account");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export function loader({ request, context }: Route.LoaderArgs) {
  return signInPageData(request, context, () => "/myaccount");
}

export function action({ request, context }: Route.ActionArgs) {
  // With nowhere particular to go, the account page welcomes the new customer.
  return signInPageAction(request, context, registerFromForm, "/myaccount?registered=1");
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AccountCard title="Create an account">
      <SignInErrorSummary result={actionData} fields={registrationFieldList("register")} />
      <AccountFormMessage error={actionData?.formError} />
      <SignInPageForm csrfToken={loaderData.csrfToken} redirectUrl={loaderData.redirectUrl} submitLabel="Create account">
        <RegistrationFields result={actionData} idPrefix="register" />
      </SignInPageForm>
      <SignInPageSwitch className="mt-4" question="Already registered?" path="/login" redirectUrl={loaderData.redirectUrl}>
        Log in
      </SignInPageSwitch>
      <LoginGoogleButton />
    </AccountCard>
  );
}
