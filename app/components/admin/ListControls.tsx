/** A labelled select of a back-office search form; its first option ("Any" unless told) matches everything. */
export function FilterSelect({
  label,
  name,
  defaultValue,
  options,
  any = "Any",
}: {
  label: string;
  name: string;
  defaultValue: string;
  options: readonly { value: string | number; label: string }[];
  any?: string | null;
}) {
  return (
    <label className="flex flex-col">
      {label}
      <select name={name} defaultValue={defaultValue} className="rounded border border-gray-500 p-2">
        {any !== null && <option value="">{any}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The Previous / Next page links under a back-office list (each shown only when there is such a page). */
export function PageLinks({ previousHref, nextHref, children }: { previousHref: string | null; nextHref: string | null; children?: React.ReactNode }) {
  return (
    <nav aria-label="Pages" className="mt-4 flex gap-4">
      {previousHref && (
        <a href={previousHref} className="font-bold text-brand-dark underline">
          Previous page
        </a>
      )}
      {children}
      {nextHref && (
        <a href={nextHref} className="font-bold text-brand-dark underline">
          Next page
        </a>
      )}
    </nav>
  );
}
