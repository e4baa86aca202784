import { Form, useNavigation } from "react-router";
import type { FormResult } from "../accounts/form-result";
import { AccountCard, AccountField, AccountFormMessage, AccountSubmit } from "./AccountField";
import { CsrfField } from "./CsrfField";

/** The page a reset or activation link opens: choose a password, then log in with it. */
export function AccountPasswordLinkForm({
  title,
  loaderData,
  actionData,
}: {
  title: string;
  loaderData: { csrfToken: string; token: string; linkError: string | null };
  actionData: FormResult | undefined;
}) {
  const busy = useNavigation().state === "submitting";
  if (actionData?.success) {
    return (
      <AccountCard title={title}>
        <AccountFormMessage success={actionData.success} />
        <a className="inline-block rounded bg-brand px-5 py-3 font-bold text-white hover:bg-brand-dark" href="/login">
          Log in
        </a>
      </AccountCard>
    );
  }
  if (loaderData.linkError) {
    return (
      <AccountCard title={title}>
        <AccountFormMessage error={loaderData.linkError} />
        <a className="font-bold text-brand-dark underline" href="/forgot-password">
          Send me a new link
        </a>
      </AccountCard>
    );
  }
  return (
    <AccountCard title={title}>
      <AccountFormMessage error={actionData?.formError} />
      <Form method="post" noValidate>
        <CsrfField token={loaderData.csrfToken} />
        <input type="hidden" name="token" value={loaderData.token} />
        <AccountField label="New password" name="password" type="password" autoComplete="new-password" error={actionData?.fieldErrors?.password} />
        <AccountField
          label="Confirm Password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          error={actionData?.fieldErrors?.confirmPassword}
        />
        <AccountSubmit busy={busy}>Save password</AccountSubmit>
      </Form>
    </AccountCard>
  );
}
