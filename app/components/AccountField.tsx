import { useId } from "react";
import { FIELD_INPUT_CLASS, LabelledField } from "./LabelledField";

/** A labelled input with its error message tied to it for screen readers (aria-describedby). */
export function AccountField({
  label,
  name,
  type = "text",
  autoComplete,
  defaultValue,
  error,
  id,
}: {
  /** A stable id (an error summary links to `#id`). */
  id?: string;
  label: string;
  name: string;
  type?: "text" | "email" | "password";
  autoComplete?: string;
  defaultValue?: string;
  error?: string;
}) {
  return (
    <LabelledField label={label} error={error} className="mb-4" id={id}>
      {(control) => <input {...control} name={name} type={type} autoComplete={autoComplete} defaultValue={defaultValue} className={FIELD_INPUT_CLASS} />}
    </LabelledField>
  );
}

/** A checkbox with its label (remember me, newsletter, confirmations). */
export function AccountCheckbox({ label, name, defaultChecked, error }: { label: string; name: string; defaultChecked?: boolean; error?: string }) {
  const id = useId();
  return (
    <div className="mb-4">
      <div className="flex items-center gap-2">
        <input
          id={id}
          name={name}
          type="checkbox"
          defaultChecked={defaultChecked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="h-5 w-5"
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-bold text-alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A message about the whole form: errors are announced at once, successes politely. */
export function AccountFormMessage({ error, success }: { error?: string; success?: string }) {
  if (error) {
    return (
      <p role="alert" className="mb-4 rounded border border-alert bg-red-50 px-3 py-2 font-bold text-alert">
        {error}
      </p>
    );
  }
  if (success) {
    return (
      <p role="status" className="mb-4 rounded border border-green-700 bg-green-50 px-3 py-2 font-bold text-green-800">
        {success}
      </p>
    );
  }
  return null;
}

export function AccountSubmit({ children, busy }: { children: React.ReactNode; busy?: boolean }) {
  return (
    <button
      type="submit"
      // Not `disabled` while sending: a disabled button drops the keyboard focus to the top of the page.
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
      }}
      className="w-full rounded bg-brand px-5 py-3 font-bold text-white hover:bg-brand-dark aria-disabled:opacity-70"
    >
      {children}
    </button>
  );
}

/** The narrow card account forms sit in. */
export function AccountCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto max-w-md rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <h1 className="mb-6 text-2xl font-bold">{title}</h1>
      {children}
    </section>
  );
}
