import { useNavigation } from "react-router";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { createDealAction, dealEditorChoices, merchantChoices } from "../../admin/deal-editor.server";
import { BLANK_OPTION_ROWS } from "../../admin/deal-editor-fields";
import { requireAdminPage } from "../../admin/guard.server";
import { DealEditorForm } from "../../components/admin/DealEditorForm";
import type { Route } from "./+types/deal-new";

export const meta = accountMeta("New deal");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request, "admin/deals/new");
  return { csrfToken: context.session.csrfToken(), choices: await dealEditorChoices(context), merchants: await merchantChoices(context, {}) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireAdminPage(context, request, "admin/deals/new");
  return createDealAction(context, actor, await request.formData());
}

export default function AdminNewDeal({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <section className="max-w-3xl">
      <p className="mb-2">
        <a href="/admin/deals" className="font-bold text-brand-dark underline">
          All deals
        </a>
      </p>
      <h1 className="mb-2 text-2xl font-bold">New deal</h1>
      <p className="mb-4">It is saved as a draft: nobody sees it in the shop until it has been reviewed, approved and taken live.</p>
      <DealEditorForm
        csrfToken={loaderData.csrfToken}
        values={actionData?.values ?? { dealType: "local", countryCode: "GB", redemptionType: "standard" }}
        rows={actionData?.rows ?? BLANK_OPTION_ROWS + 1}
        result={actionData}
        choices={loaderData.choices}
        merchants={actionData?.merchants ?? loaderData.merchants}
        busy={busy}
        submitLabel="Create the draft"
      />
    </section>
  );
}
