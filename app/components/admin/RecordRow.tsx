import type { ReactNode } from "react";

/** A row of a back-office list: the record's id, its name linking to its page, then the row's other cells. */
export function RecordRow({ id, href, name, testId, children }: { id: number; href: string; name: string; testId: string; children: ReactNode }) {
  return (
    <tr className="border-b border-gray-200" data-testid={testId}>
      <td className="p-2 font-mono">{id}</td>
      <td className="p-2">
        <a href={href} className="text-brand-dark underline">
          {name}
        </a>
      </td>
      {children}
    </tr>
  );
}
