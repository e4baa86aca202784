import type { FieldErrors } from "../../modules/accounts/validation";

/** What an account form's action answers: the values to refill, and messages per field or for the form. */
export interface FormResult {
  values?: Record<string, string>;
  fieldErrors?: FieldErrors;
  formError?: string;
  success?: string;
  /** The sign-in form offers the reset link prominently when the account is locked. */
  locked?: boolean;
}
