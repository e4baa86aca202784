import { bankFileDownload } from "../../admin/payouts.server";
import { requireAdminPage } from "../../admin/guard.server";
import type { Route } from "./+types/payout-bank-file";

/** A bank file in the BACS bureau layout (docs/payouts-bank-file.md), for finance only; each download audited. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireAdminPage(context, request, "admin/payouts/bank-files/:id/bacs.csv");
  return bankFileDownload(context, actor, params.id);
}
