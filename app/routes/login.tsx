import { Form, redirect, useNavigation } from "react-router";
import { safeLocalPath, signInDestination } from "../../server/accounts/redirects";
import { formText, PRIVATE_PAGE_HEADERS } from "../accounts/page.server";
import { logInFromForm } from "../accounts/sign-in-forms.server";
import { accountMeta } from "../accounts/meta";
import { AccountCard, AccountFormMessage, AccountSubmit } from "../components/AccountField";
import { LoginFields, loginFieldList, SignInErrorSummary } from "../components/AccountSignInFields";
import { CsrfField } from "../components/CsrfField";
import { LoginGoogleButton } from "../components/LoginGoogleButton";
import type { Route } from "./+types/login";

export const meta = accountMeta("Log in");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export function loader({ request, context }: Route.LoaderArgs) {
  const redirectUrl = safeLocalPath(new URL(request.url).searchParams.get("redirectUrl"));
  // Already signed in (or just signed in with Google): straight on to where the visitor was going.
  if (context.customer) throw redirect(signInDestination(context.cookies, redirectUrl, "/"));
  return { csrfToken: context.session.csrfToken(), redirectUrl };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const outcome = await logInFromForm(context, form);
  if (!outcome.ok) return outcome.response;
  return redirect(signInDestination(context.cookies, formText(form, "redirectUrl"), "/"));
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const registerHref = loaderData.redirectUrl ? `/register?redirectUrl=${encodeURIComponent(loaderData.redirectUrl)}` : "/register";
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
      <Form method="post" noValidate>
        <CsrfField token={loaderData.csrfToken} />
        {loaderData.redirectUrl && <input type="hidden" name="redirectUrl" value={loaderData.redirectUrl} />}
        <LoginFields result={actionData} idPrefix="login" />
        <AccountSubmit busy={busy}>Log in</AccountSubmit>
      </Form>
      <p className="mt-4">
        <a className="text-brand-dark underline" href="/forgot-password">
          Forgot your password?
        </a>
      </p>
      <p className="mt-2">
        New here?{" "}
        <a className="font-bold text-brand-dark underline" href={registerHref}>
          Create an account
        </a>
      </p>
      <LoginGoogleButton />
    </AccountCard>
  );
}
