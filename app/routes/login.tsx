import { signInDestination } from "../../server/accounts/redirects";
import { PRIVATE_PAGE_HEADERS } from "../accounts/page.server";
import { logInFromForm } from "../accounts/sign-in-forms.server";
import { signInPageAction, signInPageData } from "../accounts/sign-in-page.server";
import { accountMeta } from "../accounts/meta";
import { AccountCard, AccountFormMessage } from "../components/AccountField";
import { LoginFields, loginFieldList, SignInErrorSummary } from "../components/AccountSignInFields";
import { LoginGoogleButton } from "../components/LoginGoogleButton";
import { SignInPageForm, SignInPageSwitch } from "../components/SignInPageForm";
import type { Route } from "./+types/login";

export const meta = accountMeta("Log in");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export function loader({ request, context }: Route.LoaderArgs) {
  // Already signed in (or just signed in with Google): straight on to where the visitor was going.
  return signInPageData(request, context, (redirectUrl) => signInDestination(context.cookies, redirectUrl, "/"));
}

export function action({ request, context }: Route.ActionArgs) {
  return signInPageAction(request, context, logInFromForm, "/");
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AccountCard title="Log in">
      <SignInErrorSummary result={actionData} fields={loginFieldList("login")} />
      <AccountFormMessage error={actionData?.formError} />
      {actionData?.locked && (
        <p className="mb-4">
          <a className="font-bold text-brand-dark underline" href="/forgot-password">
            Reset your password
          </a>
        </p>
      )}
      <SignInPageForm csrfToken={loaderData.csrfToken} redirectUrl={loaderData.redirectUrl} submitLabel="Log in">
        <LoginFields result={actionData} idPrefix="login" />
      </SignInPageForm>
      <p className="mt-4">
        <a className="text-brand-dark underline" href="/forgot-password">
          Forgot your password?
        </a>
      </p>
      <SignInPageSwitch className="mt-2" question="New here?" path="/register" redirectUrl={loaderData.redirectUrl}>
        Create an account
      </SignInPageSwitch>
      <LoginGoogleButton />
    </AccountCard>
  );
}
