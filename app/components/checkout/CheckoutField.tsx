import { useId } from "react";

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
}: {
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  autoComplete: string;
  inputMode?: "numeric" | "text";
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className="mb-3">
      <label htmlFor={id} className="mb-1 block font-bold">
        {label}
      </label>
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        autoComplete={autoComplete}
        inputMode={inputMode}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="w-full rounded border border-gray-500 bg-white px-3 py-2 aria-[invalid]:border-alert"
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-bold text-alert">
          {error}
        </p>
      )}
    </div>
  );
}
