import { FIELD_INPUT_CLASS, LabelledField } from "../LabelledField";

/**
 * A labelled text input the page keeps in state (details and card form), with its error tied to it
 * for screen readers. It has no `name`: what it holds is sent by script, never by a form post.
 */
export function CheckoutField({
  label,
  value,
  error,
  onChange,
  onBlur,
  autoComplete,
  inputMode,
  placeholder,
  id,
}: {
  /** A stable id (an error summary links to `#id`). */
  id?: string;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  autoComplete: string;
  inputMode?: "numeric" | "text";
  placeholder?: string;
}) {
  return (
    <LabelledField label={label} error={error} className="mb-3" id={id}>
      {(control) => (
        <input
          {...control}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          autoComplete={autoComplete}
          inputMode={inputMode}
          placeholder={placeholder}
          className={FIELD_INPUT_CLASS}
        />
      )}
    </LabelledField>
  );
}
