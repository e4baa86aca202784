import { Form } from "react-router";
import { listContentPagesForStaff } from "../../../modules/content/edit-content-page";
import type { ContentKind } from "../../../modules/content/schema";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { requireAdminPage } from "../../admin/guard.server";
import { FilterSelect } from "../../components/admin/ListControls";
import { TableScroller } from "../../components/TableScroller";
import { HeadingRow } from "../../components/HeadingRow";
import type { Route } from "./+types/content";

export const meta = accountMeta("Content pages");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

const KINDS: { value: ContentKind; label: string }[] = [
  { value: "page", label: "Pages (/page/…)" },
  { value: "guide", label: "Guides" },
  { value: "editorial", label: "Editorial" },
];
const KIND_LABELS: Record<ContentKind, string> = { page: "Page", guide: "Guide", editorial: "Editorial" };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request, "admin/content");
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  const kind = KINDS.find((option) => option.value === params.get("kind"))?.value;
  const rows = await listContentPagesForStaff(context.db, { q, kind });
  return { q, kind: kind ?? "", rows: rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString().slice(0, 10) })) };
}

export default function AdminContent({ loaderData }: Route.ComponentProps) {
  const { rows } = loaderData;
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">Content pages</h1>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" aria-label="Find content pages">
        <label className="flex flex-col">
          Words of the address or name
          <input type="search" name="q" defaultValue={loaderData.q} className="rounded border border-gray-500 p-2" />
        </label>
        <FilterSelect label="Kind" name="kind" defaultValue={loaderData.kind} options={KINDS} any="Every kind" />
        <button type="submit" className="rounded bg-brand px-4 py-2 font-bold text-white hover:bg-brand-dark">
          Find pages
        </button>
      </Form>
      <p className="mb-2" data-testid="content-summary">
        {rows.length === 0 ? "No content pages match." : `${rows.length.toLocaleString("en-GB")} pages`}
      </p>
      {rows.length > 0 && (
        <TableScroller label="Content pages found">
          <table className="w-full border-collapse bg-white text-sm">
            <caption className="sr-only">Content pages by kind and address</caption>
            <thead>
              <HeadingRow headings={["Name", "Address", "Kind", "Site", "Last saved"]} />
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-b border-gray-200" data-testid="content-row">
                  <td className="p-2">
                    <a href={`/admin/content/${row.id}`} className="text-brand-dark underline">
                      {row.displayName}
                    </a>
                  </td>
                  <td className="p-2 font-mono">{row.kind === "page" ? `/page/${row.slug}` : `/${row.slug}`}</td>
                  <td className="p-2">{KIND_LABELS[row.kind]}</td>
                  <td className="p-2">{row.brand ?? "Every site"}</td>
                  <td className="p-2">{row.updatedAt}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
    </section>
  );
}
