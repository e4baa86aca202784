import { useEffect, useId, useRef } from "react";

/** One problem of a form: the id of its field (the link's `#fieldId`), its message, and maybe the field's label. */
export interface SummaryError {
  fieldId: string;
  message: string;
  /** The field's label, shown before the message ("Email: Required field") when messages alone repeat. */
  label?: string;
}

/**
 * The problems of a form, in the order of its fields: `fields` lists each field's name, id and label;
 * `fieldErrors` holds a message per field name (as the forms' actions answer them).
 */
export function summaryErrors(fields: readonly { name: string; id: string; label: string }[], fieldErrors: Partial<Record<string, string | undefined>> | undefined): SummaryError[] {
  if (!fieldErrors) return [];
  return fields.flatMap((field) => {
    const message = fieldErrors[field.name];
    return message ? [{ fieldId: field.id, message, label: field.label }] : [];
  });
}

/**
 * "There is a problem": every error of a form at its top, each linking to its field, taking the
 * focus when it appears so keyboard and screen-reader users land on it (GOV.UK pattern). A summary
 * the server rendered (a form posted without JavaScript) takes the focus once the page hydrates;
 * its links are plain `#field` links, so they work without JavaScript too. `attempt` is anything
 * that changes with each failed submit (the action's answer), so the same errors twice take the
 * focus again.
 */
export function ErrorSummary({ errors, attempt }: { errors: readonly SummaryError[]; attempt?: unknown }) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const shown = errors.map((error) => `${error.fieldId}:${error.message}`).join("|");
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown, attempt]);
  if (errors.length === 0) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby={titleId}
      data-testid="error-summary"
      className="mb-6 rounded border-2 border-alert bg-red-50 p-4 focus:outline-none focus-visible:ring-4 focus-visible:ring-yellow-400"
    >
      <h2 id={titleId} className="mb-2 text-lg font-bold">
        There is a problem
      </h2>
      <ul className="list-inside list-disc">
        {errors.map((error) => (
          <li key={error.fieldId}>
            <a
              href={`#${error.fieldId}`}
              onClick={(event) => {
                // With JavaScript the link puts the caret in the field itself (a fragment link only scrolls).
                const field = document.getElementById(error.fieldId);
                if (!field) return;
                event.preventDefault();
                field.focus();
                (document.querySelector(`label[for="${CSS.escape(error.fieldId)}"]`) ?? field).scrollIntoView({ block: "center" });
              }}
              className="font-bold text-alert underline"
            >
              {error.label ? `${error.label}: ${error.message}` : error.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
