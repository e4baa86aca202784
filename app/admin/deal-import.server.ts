import { desc, eq } from "drizzle-orm";
import { data, type AppLoadContext } from "react-router";
import type { DealImportError } from "../../modules/deal-pipeline/deal-import-csv";
import { checkDealImport, importDeals } from "../../modules/deal-pipeline/import-deals";
import { dealImports } from "../../modules/deal-pipeline/schema";
import type { StaffActor } from "../../modules/staff/staff-actor";
import { shownError } from "../../server/errors";
import { DEAL_IMPORT_MAX_BYTES } from "../../server/security/body-limit";
import { formText } from "../accounts/page.server";

export type DealImportResult = {
  intent: string;
  fileName?: string;
  formError?: string;
  /** The dry run: rows and deals read, and each row's problems. */
  check?: { rows: number; deals: number; errors: DealImportError[]; moreErrors: number };
  imported?: { rows: number; deals: number; resumedFrom: number };
};

/** The member's last imports, unfinished ones first: an unfinished one carries on when its file is uploaded again. */
export async function recentImports(context: AppLoadContext, staffId: number) {
  const rows = await context.db
    .select({
      id: dealImports.id,
      fileName: dealImports.fileName,
      status: dealImports.status,
      totalRows: dealImports.totalRows,
      importedRows: dealImports.importedRows,
      failure: dealImports.failure,
      updatedAt: dealImports.updatedAt,
    })
    .from(dealImports)
    .where(eq(dealImports.staffId, staffId))
    .orderBy(desc(dealImports.id))
    .limit(5);
  return rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }));
}

/** "check" is the dry run (nothing written); "import" checks the file again and imports it, or carries on with its unfinished import. */
export async function dealImportAction(context: AppLoadContext, actor: StaffActor, form: FormData) {
  const intent = formText(form, "intent");
  const file = form.get("file");
  const answer = (result: Omit<DealImportResult, "intent">, status = 200) => data<DealImportResult>({ ...result, intent }, { status });
  if (intent !== "check" && intent !== "import") return answer({ formError: "Unknown action." }, 400);
  if (!(file instanceof File) || file.size === 0) return answer({ formError: "Choose a CSV file of deals." }, 400);
  if (file.size > DEAL_IMPORT_MAX_BYTES) return answer({ formError: "The file is larger than 12 MB: split it into smaller files." }, 413);
  const text = await file.text();
  try {
    if (intent === "check") {
      const check = await checkDealImport(context.db, context.clock, actor, text);
      return answer({ check, fileName: file.name }, check.errors.length ? 422 : 200);
    }
    const outcome = await importDeals(context.db, context.clock, actor, { name: file.name, text });
    return answer({ imported: { rows: outcome.rows, deals: outcome.deals, resumedFrom: outcome.resumedFrom }, fileName: file.name });
  } catch (error) {
    const shown = shownError(error);
    if (shown.code === "IMPORT_FILE_HAS_ERRORS") {
      // The file changed between the dry run and the import: show its rows' problems as the dry run would.
      const check = await checkDealImport(context.db, context.clock, actor, text);
      return answer({ check, fileName: file.name, formError: shown.message }, 422);
    }
    return answer({ formError: shown.message, fileName: file.name }, shown.status);
  }
}
