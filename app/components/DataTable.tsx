import type { ReactNode } from "react";

/** A column heading; numeric columns are right-aligned. */
export type DataColumn = string | { label: string; numeric: true };

// The two looks in use: My Account's plain ledgers and the merchant portal's boxed tables.
const LOOKS = {
  account: { table: "w-full text-left text-sm", header: "py-2 pr-3", lastHeader: "py-2" },
  portal: { table: "w-full bg-white text-left ring-1 ring-gray-200", header: "p-2", lastHeader: "p-2" },
} as const;

/**
 * A scrollable table of rows with a caption for screen readers and a row of column headings:
 * the frame every ledger and list table of My Account and the merchant portal shares. The rows
 * (`<tr>`s) are the children.
 */
export function DataTable({
  look,
  caption,
  columns,
  testId,
  children,
}: {
  look: keyof typeof LOOKS;
  caption: ReactNode;
  columns: readonly DataColumn[];
  testId?: string;
  children: ReactNode;
}) {
  const style = LOOKS[look];
  return (
    <div className="overflow-x-auto">
      <table className={style.table} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-gray-300">
            {columns.map((column, index) => {
              const label = typeof column === "string" ? column : column.label;
              const base = index === columns.length - 1 ? style.lastHeader : style.header;
              return (
                <th key={label} scope="col" className={typeof column === "string" ? base : `${base} text-right`}>
                  {label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
