import { type ReactNode, useId } from "react";

/** What the control inside a LabelledField spreads onto itself: its id and its error wiring. */
export interface FieldControlProps {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/**
 * A label above a control and the control's error below it, tied together for screen readers
 * (htmlFor, aria-invalid, aria-describedby), so every form field in the shop is wired the same way.
 */
export function LabelledField({
  label,
  error,
  className,
  id: fixedId,
  children,
}: {
  label: string;
  error?: string;
  className?: string;
  /** A stable id for the control, so an error summary can link to it (`#id`); otherwise one of React's. */
  id?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const generatedId = useId();
  const id = fixedId ?? generatedId;
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block font-bold">
        {label}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": error ? errorId : undefined })}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-bold text-alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The text input look every LabelledField uses. */
export const FIELD_INPUT_CLASS = "w-full rounded border border-gray-500 bg-white px-3 py-2 aria-[invalid]:border-alert";
