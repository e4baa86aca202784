import { useNavigation } from "react-router";
import { discountPercentage } from "../../../lib/money";
import { readEditableDeal } from "../../../modules/catalog/deal-editing";
import type { PriceFacts } from "../../../modules/catalog/rules/price-display";
import { DEAL_PIPELINE_ERRORS } from "../../../modules/deal-pipeline/errors";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { dealEditorChoices, dealFormValues, editDealAction, merchantChoices, optionRows } from "../../admin/deal-editor.server";
import { DEAL_STATUS_LABELS } from "../../admin/deal-status-labels";
import { adminRefusal, requireAdminPage } from "../../admin/guard.server";
import { DealEditorForm } from "../../components/admin/DealEditorForm";
import { PriceBlock } from "../../components/PriceBlock";
import { ANONYMOUS_VIEWER, VipShowcaseContext, ViewerContext } from "../../components/viewer";
import type { Route } from "./+types/deal-edit";

export const meta = accountMeta("Edit deal");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

async function dealOf(context: Route.LoaderArgs["context"], id: string) {
  const deal = /^\d{1,9}$/.test(id) ? await readEditableDeal(context.db, Number(id)) : null;
  if (!deal) throw adminRefusal(404, DEAL_PIPELINE_ERRORS.DEAL_NOT_FOUND.message);
  return deal;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(context, request, "admin/deals/:id/edit");
  const deal = await dealOf(context, params.id);
  const values = dealFormValues(deal);
  const base = { dealType: deal.dealType as PriceFacts["dealType"], currency: deal.currency, vipDiscountAllowed: deal.vipDiscountAllowed, pricePerPerson: deal.pricePerPerson };
  const lead: PriceFacts = { ...base, ...deal.display };
  const options = deal.options.map((option) => ({
    id: option.id,
    title: option.title,
    facts: {
      ...base,
      price: option.price,
      originalPrice: option.originalPrice,
      vipPrice: option.vipPrice,
      discountPercentage: discountPercentage(option.price, option.originalPrice),
      vipDiscountPercentage: option.vipPrice === null ? null : discountPercentage(option.vipPrice, option.originalPrice),
      showPrice: true,
      showDiscount: deal.display.showDiscount,
      priceIndicative: false,
      priceText: null,
    } satisfies PriceFacts,
  }));
  const cloned = new URL(request.url).searchParams.get("cloned");
  return {
    csrfToken: context.session.csrfToken(),
    choices: await dealEditorChoices(context),
    merchants: await merchantChoices(context, values),
    deal: { id: deal.id, headline: deal.headline, statusLabel: DEAL_STATUS_LABELS[deal.status], live: deal.status === "live", travel: deal.dealType === "travel" },
    values,
    rows: optionRows(values),
    preview: { lead, options },
    clonedFrom: cloned && /^\d{1,9}$/.test(cloned) ? cloned : null,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireAdminPage(context, request, "admin/deals/:id/edit");
  const deal = await dealOf(context, params.id);
  return editDealAction(context, actor, deal.id, await request.formData());
}

export default function AdminEditDeal({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { deal, preview } = loaderData;
  // After a save the form shows what is stored now; after a refusal, what was typed.
  const values = actionData?.values ?? loaderData.values;
  const rows = actionData?.values ? actionData.rows : loaderData.rows;
  return (
    <section className="max-w-3xl">
      <p className="mb-2">
        <a href={`/admin/deals/${deal.id}`} className="font-bold text-brand-dark underline">
          Back to the deal
        </a>
      </p>
      <h1 className="mb-2 text-2xl font-bold">Edit: {deal.headline}</h1>
      <p className="mb-4">
        State: <strong>{deal.statusLabel}</strong>.
        {deal.live &&
          " It is live: a new price or stock shows in the shop from the next page a shopper opens. Baskets already holding an option keep the price they reserved it at."}
      </p>
      {loaderData.clonedFrom && (
        <p role="status" className="mb-4 rounded bg-green-50 p-3">
          A draft copy of deal {loaderData.clonedFrom}: change what differs, then send it for review from its page.
        </p>
      )}

      <section aria-labelledby="preview-heading" className="mb-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200" data-testid="price-preview">
        <h2 id="preview-heading" className="mb-2 text-xl font-bold">
          How shoppers see the price (as saved)
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <h3 className="font-bold">On a tile, to everyone</h3>
            <ViewerContext.Provider value={ANONYMOUS_VIEWER}>
              <VipShowcaseContext.Provider value={false}>
                <PriceBlock facts={preview.lead} size="tile" />
              </VipShowcaseContext.Provider>
            </ViewerContext.Provider>
          </div>
          <div>
            <h3 className="font-bold">On a tile, to VIP members</h3>
            <VipShowcaseContext.Provider value={true}>
              <PriceBlock facts={preview.lead} size="tile" />
            </VipShowcaseContext.Provider>
          </div>
        </div>
        <h3 className="mt-4 font-bold">Each option on the deal page</h3>
        <ul className="space-y-2">
          {preview.options.map((option) => (
            <li key={option.id}>
              <span>{option.title}</span>
              <ViewerContext.Provider value={ANONYMOUS_VIEWER}>
                <VipShowcaseContext.Provider value={false}>
                  <PriceBlock facts={option.facts} size="compact" />
                </VipShowcaseContext.Provider>
              </ViewerContext.Provider>
            </li>
          ))}
        </ul>
      </section>

      {deal.travel ? (
        <p className="rounded bg-white p-4 ring-1 ring-gray-200">{DEAL_PIPELINE_ERRORS.TRAVEL_NOT_EDITABLE.message}</p>
      ) : (
        <DealEditorForm
          key={actionData?.success ? "saved" : "editing"}
          csrfToken={loaderData.csrfToken}
          values={values}
          rows={rows}
          result={actionData}
          choices={loaderData.choices}
          merchants={(actionData?.values && actionData.merchants) || loaderData.merchants}
          busy={busy}
          submitLabel="Save the deal"
        />
      )}
    </section>
  );
}
