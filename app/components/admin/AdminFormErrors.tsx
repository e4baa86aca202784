import type { FormResult } from "../../accounts/form-result";
import { AccountFormMessage } from "../AccountField";
import { ErrorSummary, summaryErrors } from "../ErrorSummary";

/** A back-office form's problems: the form's own message, and a summary linking to each field with an error. */
export function AdminFormErrors({ result, fields }: { result: FormResult | undefined; fields: readonly { name: string; id: string; label: string }[] }) {
  return (
    <>
      <ErrorSummary errors={summaryErrors(fields, result?.fieldErrors)} attempt={result} />
      {result?.formError && <AccountFormMessage error={result.formError} />}
    </>
  );
}
