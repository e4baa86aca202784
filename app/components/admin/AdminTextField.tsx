/** A back-office text field: its label, a one-line input (text, a date, or a date and time) or a textarea, and its error tied to it (the error summary links to `#id`). */
export function AdminTextField({
  field,
  defaultValue,
  error,
  type = "text",
}: {
  field: { name: string; id: string; label: string; rows?: number; hint?: string };
  defaultValue: string;
  error?: string;
  type?: "text" | "date" | "datetime-local";
}) {
  const describedBy = [field.hint ? `${field.id}-hint` : null, error ? `${field.id}-error` : null].filter(Boolean).join(" ") || undefined;
  const props = {
    id: field.id,
    name: field.name,
    defaultValue,
    className: "rounded border border-gray-500 p-2",
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
  };
  return (
    <div className="flex flex-col">
      <label htmlFor={field.id} className="font-bold">
        {field.label}
      </label>
      {field.hint && (
        <p id={`${field.id}-hint`} className="text-sm text-gray-700">
          {field.hint}
        </p>
      )}
      {field.rows ? <textarea rows={field.rows} {...props} /> : <input type={type} {...props} />}
      {error && (
        <p id={`${field.id}-error`} className="text-alert">
          {error}
        </p>
      )}
    </div>
  );
}
