import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { DEAL_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from "../../../modules/deal-pipeline/deal-import-csv";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { dealImportAction, recentImports } from "../../admin/deal-import.server";
import { requireAdminPage } from "../../admin/guard.server";
import { AccountFormMessage } from "../../components/AccountField";
import { CsrfField } from "../../components/CsrfField";
import { HeadingRow } from "../../components/HeadingRow";
import { TableScroller } from "../../components/TableScroller";
import type { Route } from "./+types/deal-import";

export const meta = accountMeta("Import deals");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { session } = await requireAdminPage(context, request, "admin/deals/import");
  return { csrfToken: context.session.csrfToken(), imports: await recentImports(context, session.member.id) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireAdminPage(context, request, "admin/deals/import");
  return dealImportAction(context, actor, await request.formData());
}

const STATUS_LABELS = { importing: "Not finished", failed: "Stopped", done: "Imported" } as const;
const count = (n: number) => n.toLocaleString("en-GB");

export default function AdminDealImport({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const result = useRef<HTMLDivElement>(null);
  // The import button belongs to the file just checked: choosing another file hides it until that one is checked.
  const [fileChanged, setFileChanged] = useState(false);
  useEffect(() => {
    if (actionData) {
      setFileChanged(false);
      result.current?.focus();
    }
  }, [actionData]);
  const check = actionData?.check;
  const ready = actionData?.intent === "check" && check && check.errors.length === 0 && !fileChanged;
  return (
    <section>
      <p className="mb-2">
        <a href="/admin/deals" className="font-bold text-brand-dark underline">
          Back to the deals
        </a>
      </p>
      <h1 className="mb-4 text-2xl font-bold">Import deals from a CSV file</h1>
      <div className="mb-4 max-w-3xl space-y-2">
        <p>
          One row per option. Rows with the same <strong>deal</strong> key, one after another, make one deal: fill in the deal&rsquo;s columns on its first row and leave them blank
          (or repeat them) on its other rows. Deals are created as drafts, checked by the same rules as the deal editor.
        </p>
        <p>
          Location by short name or name (such as london), category and sub-category by short name (such as beauty, spa), merchant by id; prices in pounds or euros; dates as
          2027-12-31 23:59 in the market&rsquo;s time; yes or no for price_per_person and vip_price_for_members. At most {count(MAX_IMPORT_ROWS)} rows a file.
        </p>
        <p>
          <a href="/admin/deals/import-template.csv" className="font-bold text-brand-dark underline" download>
            Download the template (CSV)
          </a>
        </p>
      </div>
      <Form method="post" encType="multipart/form-data" className="flex max-w-xl flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
        <CsrfField token={loaderData.csrfToken} />
        <label htmlFor="deal-file" className="font-bold">
          A CSV file of deals
        </label>
        <p id="deal-file-hint" className="text-sm text-gray-700">
          Columns: {DEAL_IMPORT_COLUMNS.join(", ")}. Check the file first: nothing is written until every row is right.
        </p>
        <input
          id="deal-file"
          type="file"
          name="file"
          accept=".csv,text/csv"
          aria-describedby="deal-file-hint"
          onChange={() => setFileChanged(true)}
          className="rounded border border-gray-500 p-2"
        />
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="check" disabled={busy} className="rounded border-2 border-brand-dark px-5 py-2 font-bold text-brand-dark disabled:opacity-70">
            Check the file
          </button>
          {ready && (
            <button type="submit" name="intent" value="import" disabled={busy} className="rounded bg-brand px-5 py-2 font-bold text-white hover:bg-brand-dark disabled:opacity-70">
              Import {count(check.deals)} deals
            </button>
          )}
        </div>
      </Form>
      {actionData && (
        <div ref={result} tabIndex={-1} className="mt-6 max-w-4xl" data-testid="import-result">
          {actionData.formError && <AccountFormMessage error={actionData.formError} />}
          {actionData.imported && (
            <>
              <h2 className="mb-2 text-xl font-bold">
                {`Imported ${count(actionData.imported.deals)} deals (${count(actionData.imported.rows)} rows) from ${actionData.fileName} as drafts` +
                  (actionData.imported.resumedFrom > 0 ? `, carrying on after row ${count(actionData.imported.resumedFrom)} where the last run stopped.` : ".")}
              </h2>
              <p>
                <a href="/admin/deals?status=draft" className="font-bold text-brand-dark underline">
                  See the draft deals
                </a>
              </p>
            </>
          )}
          {check && (
            <>
              <h2 className="mb-2 text-xl font-bold">
                {check.errors.length
                  ? `${count(check.errors.length + check.moreErrors)} problems in ${actionData.fileName}: nothing was imported.`
                  : `${actionData.fileName} is ready: ${count(check.deals)} deals from ${count(check.rows)} rows. Nothing was written yet.`}
              </h2>
              {check.errors.length > 0 && (
                <>
                  <p className="mb-2">
                    Correct these rows, then{" "}
                    <a href="#deal-file" className="font-bold text-brand-dark underline">
                      choose the corrected file
                    </a>{" "}
                    and check it again.
                  </p>
                  <TableScroller label="Rows with errors">
                    <table className="w-full border-collapse bg-white text-sm">
                      <caption className="mb-2 text-left font-bold">Rows with errors</caption>
                      <thead>
                        <HeadingRow headings={["Row", "Column", "Problem"]} />
                      </thead>
                      <tbody>
                        {check.errors.map((error, index) => (
                          <tr key={index} className="border-b border-gray-200" data-testid="import-error">
                            <td className="p-2">{error.row}</td>
                            <td className="p-2 font-mono">{error.column || "–"}</td>
                            <td className="p-2">{error.message}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </TableScroller>
                  {check.moreErrors > 0 && <p className="mt-2">And {count(check.moreErrors)} more problems.</p>}
                </>
              )}
            </>
          )}
        </div>
      )}
      {loaderData.imports.length > 0 && (
        <TableScroller label="Your last imports">
          <table className="mt-8 w-full max-w-4xl border-collapse bg-white text-sm">
            <caption className="mb-2 text-left font-bold">Your last imports (upload an unfinished file again to carry on where it stopped)</caption>
            <thead>
              <HeadingRow headings={["File", "State", "Rows imported", "Why it stopped"]} />
            </thead>
            <tbody>
              {loaderData.imports.map((row) => (
                <tr key={row.id} className="border-b border-gray-200">
                  <td className="p-2">{row.fileName}</td>
                  <td className="p-2">{STATUS_LABELS[row.status]}</td>
                  <td className="p-2">{`${count(row.importedRows)} of ${count(row.totalRows)}`}</td>
                  <td className="p-2">{row.failure ?? "–"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
    </section>
  );
}
