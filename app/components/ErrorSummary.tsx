import { useEffect, useRef } from "react";

/**
 * "There is a problem": every error of a form at its top, each linking to its field, taking the
 * focus when it appears so keyboard and screen-reader users land on it (GOV.UK pattern).
 */
export function ErrorSummary({ errors }: { errors: readonly { fieldId: string; message: string }[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = errors.map((error) => `${error.fieldId}:${error.message}`).join("|");
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
  if (errors.length === 0) return null;
  return (
    <div ref={ref} tabIndex={-1} role="alert" aria-labelledby="error-summary-title" className="mb-6 rounded border-2 border-alert bg-red-50 p-4 focus:outline-none focus-visible:ring-4 focus-visible:ring-yellow-400">
      <h2 id="error-summary-title" className="mb-2 text-lg font-bold">
        There is a problem
      </h2>
      <ul className="list-inside list-disc">
        {errors.map((error) => (
          <li key={error.fieldId}>
            <a href={`#${error.fieldId}`} className="font-bold text-alert underline">
              {error.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
