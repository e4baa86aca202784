import { useRef } from "react";
import type { FormResult } from "../../accounts/form-result";
import { AccountFormMessage } from "../AccountField";
import { useFocusOnChange } from "./use-focus-on-change";

/** A portal form's error summary (the form's message, or a note that fields need attention), focused when it appears. */
export function PortalFormError({ result }: { result: FormResult | undefined }) {
  const summary = useRef<HTMLDivElement>(null);
  const fieldCount = Object.keys(result?.fieldErrors ?? {}).length;
  const message = result?.formError ?? (fieldCount > 0 ? "Please check the highlighted fields." : undefined);
  useFocusOnChange(summary, message ? result : null);
  if (!message) return null;
  return (
    <div ref={summary} tabIndex={-1} className="outline-none focus-visible:ring-2 focus-visible:ring-brand">
      <AccountFormMessage error={message} />
    </div>
  );
}
