/** A back-office table's column headings; numeric columns (amounts, counts) are right-aligned like their cells. */
export function HeadingRow({ headings, numeric = [] }: { headings: readonly string[]; numeric?: readonly string[] }) {
  return (
    <tr className="border-b-2 border-gray-400 text-left">
      {headings.map((heading) => (
        <th key={heading} scope="col" className={numeric.includes(heading) ? "p-2 text-right" : "p-2"}>
          {heading}
        </th>
      ))}
    </tr>
  );
}
