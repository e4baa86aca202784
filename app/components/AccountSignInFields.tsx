import type { FormResult } from "../accounts/form-result";
import { AccountCheckbox, AccountField } from "./AccountField";
import { ErrorSummary, summaryErrors } from "./ErrorSummary";

type Refill = Pick<FormResult, "values" | "fieldErrors"> | undefined;

/** The registration form's text fields, in order, with their ids under a form's prefix (for the error summary's links). */
export const registrationFieldList = (prefix: string) => [
  { name: "firstName", id: `${prefix}-first-name`, label: "First Name" },
  { name: "lastName", id: `${prefix}-last-name`, label: "Last Name" },
  { name: "email", id: `${prefix}-email`, label: "Email" },
  { name: "password", id: `${prefix}-password`, label: "Password" },
  { name: "confirmPassword", id: `${prefix}-confirm-password`, label: "Confirm Password" },
];

/** The login form's text fields, in order, with their ids under a form's prefix. */
export const loginFieldList = (prefix: string) => [
  { name: "email", id: `${prefix}-email`, label: "Email" },
  { name: "password", id: `${prefix}-password`, label: "Password" },
];

/** "There is a problem" for a sign-in form's field errors, linking to the fields of `fields`. */
export function SignInErrorSummary({ result, fields }: { result: Refill; fields: readonly { name: string; id: string; label: string }[] }) {
  return <ErrorSummary errors={summaryErrors(fields, result?.fieldErrors)} attempt={result} />;
}

/** The registration form's fields (the /register page and the checkout's inline registration). */
export function RegistrationFields({ result, idPrefix = "register" }: { result: Refill; idPrefix?: string }) {
  const values = result?.values;
  const errors = result?.fieldErrors;
  const [firstName, lastName, email, password, confirmPassword] = registrationFieldList(idPrefix);
  return (
    <>
      <AccountField id={firstName.id} label="First Name" name="firstName" autoComplete="given-name" defaultValue={values?.firstName} error={errors?.firstName} />
      <AccountField id={lastName.id} label="Last Name" name="lastName" autoComplete="family-name" defaultValue={values?.lastName} error={errors?.lastName} />
      <AccountField id={email.id} label="Email" name="email" type="email" autoComplete="email" defaultValue={values?.email} error={errors?.email} />
      <AccountField id={password.id} label="Password" name="password" type="password" autoComplete="new-password" error={errors?.password} />
      <AccountField id={confirmPassword.id} label="Confirm Password" name="confirmPassword" type="password" autoComplete="new-password" error={errors?.confirmPassword} />
      <AccountCheckbox label="Email me the best deals near me" name="subscribe" />
    </>
  );
}

/** The login form's fields (the /login page and the checkout's inline login). */
export function LoginFields({ result, idPrefix = "login" }: { result: Refill; idPrefix?: string }) {
  const [email, password] = loginFieldList(idPrefix);
  return (
    <>
      <AccountField id={email.id} label="Email" name="email" type="email" autoComplete="email" defaultValue={result?.values?.email} error={result?.fieldErrors?.email} />
      <AccountField id={password.id} label="Password" name="password" type="password" autoComplete="current-password" error={result?.fieldErrors?.password} />
      <AccountCheckbox label="Remember me" name="rememberMe" />
    </>
  );
}
