import { useEffect, useRef } from "react";
import { FIELD_INPUT_CLASS, LabelledField } from "../LabelledField";

/**
 * A labelled text input the page keeps in state (details and card form), with its error tied to it
 * for screen readers. It has no `name`: what it holds is sent by script, never by a form post.
 * Whatever the shopper typed before the page's JavaScript ran is taken into the page's state at
 * hydration, so the field keeps (and the payment sends) what it shows.
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
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = input.current?.value ?? "";
    if (typed !== "" && typed !== value) onChange(typed);
    // Once, at hydration: afterwards every keystroke goes through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <LabelledField label={label} error={error} className="mb-3" id={id}>
      {(control) => (
        <input
          {...control}
          ref={input}
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
