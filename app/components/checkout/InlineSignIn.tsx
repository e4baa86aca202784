import { useState } from "react";
import { useFetcher } from "react-router";
import type { FormResult } from "../../accounts/form-result";
import { AccountCheckbox, AccountField, AccountFormMessage, AccountSubmit } from "../AccountField";
import { CsrfField } from "../CsrfField";

type Mode = "register" | "login";

/**
 * Spec §5 checkout gate: log in or register, right here. The forms post to the checkout page's
 * action (the same sign-in code as /login and /register); the guest's basket becomes the account's.
 */
export function InlineSignIn({ csrfToken }: { csrfToken: string }) {
  const [mode, setMode] = useState<Mode>("register");
  const fetcher = useFetcher<FormResult & { intent?: string }>({ key: "checkout-sign-in" });
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const errors = result?.fieldErrors;
  const values = result?.values;
  const tab = (value: Mode, label: string) => (
    <button
      type="button"
      aria-pressed={mode === value}
      onClick={() => setMode(value)}
      className={`rounded px-4 py-2 font-bold ring-1 ring-gray-300 ${mode === value ? "bg-brand text-white" : "bg-white text-brand-dark"}`}
    >
      {label}
    </button>
  );
  return (
    <div>
      <p className="mb-3">Please log in or register to continue.</p>
      <div className="mb-4 flex gap-2">
        {tab("register", "I'm new here")}
        {tab("login", "I have an account")}
      </div>
      <AccountFormMessage error={result?.formError} />
      <fetcher.Form method="post" noValidate className="max-w-md" aria-label={mode === "register" ? "Register" : "Log in"}>
        <CsrfField token={csrfToken} />
        <input type="hidden" name="intent" value={mode} />
        {mode === "register" ? (
          <>
            <AccountField label="First Name" name="firstName" autoComplete="given-name" defaultValue={values?.firstName} error={errors?.firstName} />
            <AccountField label="Last Name" name="lastName" autoComplete="family-name" defaultValue={values?.lastName} error={errors?.lastName} />
            <AccountField label="Email" name="email" type="email" autoComplete="email" defaultValue={values?.email} error={errors?.email} />
            <AccountField label="Password" name="password" type="password" autoComplete="new-password" error={errors?.password} />
            <AccountField label="Confirm Password" name="confirmPassword" type="password" autoComplete="new-password" error={errors?.confirmPassword} />
            <AccountCheckbox label="Email me the best deals near me" name="subscribe" />
            <AccountSubmit busy={fetcher.state !== "idle"}>Create account</AccountSubmit>
          </>
        ) : (
          <>
            <AccountField label="Email" name="email" type="email" autoComplete="email" defaultValue={values?.email} error={errors?.email} />
            <AccountField label="Password" name="password" type="password" autoComplete="current-password" error={errors?.password} />
            <AccountCheckbox label="Remember me" name="rememberMe" />
            <AccountSubmit busy={fetcher.state !== "idle"}>Log in</AccountSubmit>
            <p className="mt-3">
              <a className="text-brand-dark underline" href="/forgot-password">
                Forgot your password?
              </a>
            </p>
          </>
        )}
      </fetcher.Form>
    </div>
  );
}
