import type { FormResult } from "../accounts/form-result";
import { AccountCheckbox, AccountField } from "./AccountField";

type Refill = Pick<FormResult, "values" | "fieldErrors"> | undefined;

/** The registration form's fields (the /register page and the checkout's inline registration). */
export function RegistrationFields({ result }: { result: Refill }) {
  const values = result?.values;
  const errors = result?.fieldErrors;
  return (
    <>
      <AccountField label="First Name" name="firstName" autoComplete="given-name" defaultValue={values?.firstName} error={errors?.firstName} />
      <AccountField label="Last Name" name="lastName" autoComplete="family-name" defaultValue={values?.lastName} error={errors?.lastName} />
      <AccountField label="Email" name="email" type="email" autoComplete="email" defaultValue={values?.email} error={errors?.email} />
      <AccountField label="Password" name="password" type="password" autoComplete="new-password" error={errors?.password} />
      <AccountField label="Confirm Password" name="confirmPassword" type="password" autoComplete="new-password" error={errors?.confirmPassword} />
      <AccountCheckbox label="Email me the best deals near me" name="subscribe" />
    </>
  );
}

/** The login form's fields (the /login page and the checkout's inline login). */
export function LoginFields({ result }: { result: Refill }) {
  return (
    <>
      <AccountField label="Email" name="email" type="email" autoComplete="email" defaultValue={result?.values?.email} error={result?.fieldErrors?.email} />
      <AccountField label="Password" name="password" type="password" autoComplete="current-password" error={result?.fieldErrors?.password} />
      <AccountCheckbox label="Remember me" name="rememberMe" />
    </>
  );
}
