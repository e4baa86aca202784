import { data, Form, useActionData } from "react-router";
import { findAdminDeal } from "../../../modules/catalog/admin-deals";
import { readBundleParts } from "../../../modules/catalog/deal-bundle-records";
import { BUNDLE_PART_FIELDS, bundleField, MAX_BUNDLE_PARTS, parseBundleForm, saveBundleParts } from "../../../modules/deal-pipeline/edit-bundle-parts";
import { DEAL_PIPELINE_ERRORS } from "../../../modules/deal-pipeline/errors";
import { hasPermission } from "../../../modules/staff/permissions";
import { shownError } from "../../../server/errors";
import { accountMeta } from "../../accounts/meta";
import { formText, PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { adminRefusal, requireAdminPage } from "../../admin/guard.server";
import { AdminFormErrors } from "../../components/admin/AdminFormErrors";
import { AdminTextField } from "../../components/admin/AdminTextField";
import { AccountFormMessage } from "../../components/AccountField";
import { CsrfField } from "../../components/CsrfField";
import type { Route } from "./+types/deal-bundle";

export const meta = accountMeta("Bundle parts");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

const LABELS = { name: "What it is", businessName: "Business", vatNumber: "VAT number (optional)", locations: "Places (optional, separated by commas)" } as const;

/** Every field of every row, in the page's order (for the error summary). */
const FIELDS = Array.from({ length: MAX_BUNDLE_PARTS }, (_, row) =>
  BUNDLE_PART_FIELDS.map((field) => ({ name: bundleField(row, field), id: `bundle-${row}-${field}`, label: `Part ${row + 1}: ${LABELS[field]}` })),
).flat();

async function dealOf(context: Route.LoaderArgs["context"], id: string) {
  const deal = /^\d{1,9}$/.test(id) ? await findAdminDeal(context.db, Number(id)) : null;
  if (!deal) throw adminRefusal(404, DEAL_PIPELINE_ERRORS.DEAL_NOT_FOUND.message);
  return deal;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { session } = await requireAdminPage(context, request, "admin/deals/:id/bundle");
  const deal = await dealOf(context, params.id);
  const parts = await readBundleParts(context.db, deal.id);
  const values: Record<string, string> = {};
  parts.forEach((part, row) => {
    values[bundleField(row, "name")] = part.name;
    values[bundleField(row, "businessName")] = part.businessName;
    values[bundleField(row, "vatNumber")] = part.vatNumber ?? "";
    values[bundleField(row, "locations")] = part.locations.join(", ");
  });
  return { csrfToken: context.session.csrfToken(), deal: { id: deal.id, headline: deal.headline }, values, canEdit: hasPermission(session.member.role, "deals.edit") };
}

type Answer = { fieldErrors?: Record<string, string>; formError?: string; success?: string; values?: Record<string, string> };

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireAdminPage(context, request, "admin/deals/:id/bundle");
  const deal = await dealOf(context, params.id);
  const form = await request.formData();
  const values = Object.fromEntries(FIELDS.map((field) => [field.name, formText(form, field.name)]));
  const answer = (result: Answer, status = 200) => data<Answer>(result, { status });
  const parsed = parseBundleForm(values);
  if (!parsed.ok) return answer({ fieldErrors: parsed.fieldErrors, values }, 400);
  try {
    await saveBundleParts(context.db, context.clock, actor, deal.id, parsed.parts);
    const count = parsed.parts.length;
    return answer({
      success: count === 0 ? "Saved: the deal is no longer a bundle." : `Saved ${count} part${count === 1 ? "" : "s"}: the deal page lists them from the next request.`,
    });
  } catch (error) {
    const shown = shownError(error);
    return answer({ formError: shown.message, values }, shown.status);
  }
}

export default function DealBundlePage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const { deal, csrfToken, canEdit } = loaderData;
  const values = result?.values ?? loaderData.values;
  return (
    <section className="max-w-4xl">
      <p className="mb-2">
        <a href={`/admin/deals/${deal.id}`} className="font-bold text-brand-dark underline">
          Back to the deal
        </a>
      </p>
      <h1 className="mb-2 text-2xl font-bold">Bundle parts: {deal.headline}</h1>
      <p className="mb-4">
        A bundle is one deal made of several businesses&apos; offers. The deal page lists each part with its business, VAT number and places, in this order. Leave every row blank
        for a deal that is not a bundle.
      </p>
      <AdminFormErrors result={result} fields={FIELDS} />
      {result?.success && <AccountFormMessage success={result.success} />}
      <Form method="post" className="flex flex-col gap-4" noValidate>
        <CsrfField token={csrfToken} />
        {Array.from({ length: MAX_BUNDLE_PARTS }, (_, row) => (
          <fieldset key={row} className="grid gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:grid-cols-2" disabled={!canEdit} data-testid="bundle-row">
            <legend className="px-1 text-lg font-bold">Part {row + 1}</legend>
            {FIELDS.slice(row * BUNDLE_PART_FIELDS.length, (row + 1) * BUNDLE_PART_FIELDS.length).map((field) => (
              <AdminTextField key={field.name} field={field} defaultValue={values[field.name] ?? ""} error={result?.fieldErrors?.[field.name]} />
            ))}
          </fieldset>
        ))}
        {canEdit && (
          <button type="submit" className="self-start rounded bg-brand px-5 py-2 font-bold text-white hover:bg-brand-dark">
            Save the bundle parts
          </button>
        )}
      </Form>
    </section>
  );
}
