import { useState } from "react";
import { useFetcher } from "react-router";
import { CHECKOUT_MESSAGES } from "../../../modules/checkout/messages";
import type { FormResult } from "../../accounts/form-result";
import { AccountFormMessage, AccountSubmit } from "../AccountField";
import { LoginFields, loginFieldList, RegistrationFields, registrationFieldList, SignInErrorSummary } from "../AccountSignInFields";
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
      <p className="mb-3">{CHECKOUT_MESSAGES.SIGN_IN_REQUIRED}</p>
      <div className="mb-4 flex gap-2">
        {tab("register", "I'm new here")}
        {tab("login", "I have an account")}
      </div>
      <SignInErrorSummary result={result} fields={mode === "register" ? registrationFieldList("checkout-register") : loginFieldList("checkout-login")} />
      <AccountFormMessage error={result?.formError} />
      <fetcher.Form method="post" noValidate className="max-w-md" aria-label={mode === "register" ? "Register" : "Log in"}>
        <CsrfField token={csrfToken} />
        <input type="hidden" name="intent" value={mode} />
        {mode === "register" ? (
          <>
            <RegistrationFields result={result} idPrefix="checkout-register" />
            <AccountSubmit busy={fetcher.state !== "idle"}>Create account</AccountSubmit>
          </>
        ) : (
          <>
            <LoginFields result={result} idPrefix="checkout-login" />
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
