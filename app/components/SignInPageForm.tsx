import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { AccountSubmit } from "./AccountField";
import { CsrfField } from "./CsrfField";

/** The form of the log-in and registration pages: the CSRF token, where to go afterwards, their fields, the button. */
export function SignInPageForm({ csrfToken, redirectUrl, submitLabel, children }: { csrfToken: string; redirectUrl: string | null; submitLabel: string; children: ReactNode }) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" noValidate>
      <CsrfField token={csrfToken} />
      {redirectUrl && <input type="hidden" name="redirectUrl" value={redirectUrl} />}
      {children}
      <AccountSubmit busy={busy}>{submitLabel}</AccountSubmit>
    </Form>
  );
}

/** The link from one of those pages to the other ("New here?", "Already registered?"), keeping where to go afterwards. */
export function SignInPageSwitch({ question, path, redirectUrl, className, children }: { question: string; path: string; redirectUrl: string | null; className: string; children: ReactNode }) {
  const href = redirectUrl ? `${path}?redirectUrl=${encodeURIComponent(redirectUrl)}` : path;
  return (
    <p className={className}>
      {question}{" "}
      <a className="font-bold text-brand-dark underline" href={href}>
        {children}
      </a>
    </p>
  );
}
