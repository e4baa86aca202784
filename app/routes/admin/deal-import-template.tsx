import { dealImportTemplate } from "../../../modules/deal-pipeline/deal-import-csv";
import { requireAdminPage } from "../../admin/guard.server";
import type { Route } from "./+types/deal-import-template";

/** The bulk import's columns with an example deal of two options, to fill in a spreadsheet. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request, "admin/deals/import-template.csv");
  return new Response(dealImportTemplate(), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="deal-import-template.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}
