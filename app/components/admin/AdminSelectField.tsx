/** A back-office select: its label, the choices, and its error tied to it (the error summary links to `#id`). */
export function AdminSelectField({
  field,
  options,
  defaultValue,
  error,
}: {
  field: { name: string; id: string; label: string; hint?: string };
  options: readonly { value: string; label: string }[];
  defaultValue: string;
  error?: string;
}) {
  const describedBy = [field.hint ? `${field.id}-hint` : null, error ? `${field.id}-error` : null].filter(Boolean).join(" ") || undefined;
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
      <select
        id={field.id}
        name={field.name}
        defaultValue={defaultValue}
        className="rounded border border-gray-500 bg-white p-2"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${field.id}-error`} className="text-alert">
          {error}
        </p>
      )}
    </div>
  );
}
