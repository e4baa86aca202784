import { Form, useActionData } from "react-router";
import { BRAND_IDS, BRANDS, type BrandId, isBrandId } from "../../../lib/brand";
import { listScrollersForStaff, scrollerPageLocations } from "../../../modules/content/edit-scrollers";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { requireAdminPage } from "../../admin/guard.server";
import { SCROLLER_FIELDS } from "../../admin/scroller-fields";
import { scrollerPreview, scrollersAction } from "../../admin/scrollers.server";
import { AdminFormErrors } from "../../components/admin/AdminFormErrors";
import { AdminTextField } from "../../components/admin/AdminTextField";
import { FilterSelect } from "../../components/admin/ListControls";
import { MoveButtons, useFocusFollowsMove } from "../../components/admin/MoveButtons";
import { AccountFormMessage } from "../../components/AccountField";
import { CsrfField } from "../../components/CsrfField";
import type { Route } from "./+types/scrollers";

export const meta = accountMeta("Home scrollers");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

const brandOf = (asked: unknown, fallback: BrandId): BrandId => (isBrandId(asked) ? asked : fallback);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request, "admin/scrollers");
  const params = new URL(request.url).searchParams;
  const brand = brandOf(params.get("brand"), context.brand.id);
  const pages = await scrollerPageLocations(context.db, brand);
  const pageLocation = pages.find((page) => page === params.get("page")) ?? "homepage";
  const rows = await listScrollersForStaff(context.db, brand, pageLocation);
  const editing = rows.find((row) => String(row.id) === params.get("edit")) ?? null;
  const previewed = rows.find((row) => String(row.id) === params.get("preview")) ?? null;
  return {
    csrfToken: context.session.csrfToken(),
    brand,
    pageLocation,
    pages,
    rows,
    editing,
    preview: previewed ? { header: previewed.header, ...(await scrollerPreview(context, brand, previewed)) } : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireAdminPage(context, request, "admin/scrollers");
  const form = await request.formData();
  return scrollersAction(context, actor, brandOf(form.get("brand"), context.brand.id), form);
}

const BUTTON = "rounded border border-gray-500 bg-white px-3 py-1 font-bold";

export default function AdminScrollers({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const { rows, brand, pageLocation, pages, editing, preview, csrfToken } = loaderData;
  useFocusFollowsMove(result?.focus, rows);
  const here = `brand=${brand}&page=${encodeURIComponent(pageLocation)}`;
  const value = (name: string) => result?.values?.[name] ?? (editing ? String(editing[name as keyof typeof editing] ?? "") : name === "pageLocation" ? pageLocation : "");
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">Home scrollers</h1>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" aria-label="Choose the site and page">
        <FilterSelect label="Site" name="brand" defaultValue={brand} options={BRAND_IDS.map((id) => ({ value: id, label: BRANDS[id].displayName }))} />
        <FilterSelect label="Page" name="page" defaultValue={pageLocation} options={pages.map((page) => ({ value: page, label: page }))} />
        <button type="submit" className="rounded bg-brand px-4 py-2 font-bold text-white hover:bg-brand-dark">
          Show its scrollers
        </button>
      </Form>
      <AdminFormErrors result={result} fields={SCROLLER_FIELDS} />
      {result?.success && <AccountFormMessage success={result.success} />}
      {rows.length === 0 ? (
        <p className="mb-6">No scrollers on this page yet.</p>
      ) : (
        <ol className="mb-6 flex flex-col gap-3" aria-label="Scrollers in order">
          {rows.map((row, index) => (
            <li key={row.id} className="flex flex-wrap items-center gap-3 rounded-lg bg-white p-3 ring-1 ring-gray-200" data-testid="scroller-row">
              <div className="min-w-64 flex-1">
                <p className="font-bold">
                  {index + 1}. {row.header}
                </p>
                <p className="text-sm text-gray-700">{row.specialSearchTag ? `Special tag: ${row.specialSearchTag}` : `Category: ${row.category ?? "none"}`}</p>
              </div>
              <a href={`/admin/scrollers?${here}&edit=${row.id}#scroller-form`} className="font-bold text-brand-dark underline" aria-label={`Edit ${row.header}`}>
                Edit
              </a>
              <a
                href={`/admin/scrollers?${here}&preview=${row.id}#scroller-preview`}
                className="font-bold text-brand-dark underline"
                aria-label={`Preview the deals of ${row.header}`}
              >
                Preview
              </a>
              <Form method="post" className="flex flex-wrap gap-2">
                <CsrfField token={csrfToken} />
                <input type="hidden" name="id" value={row.id} />
                <input type="hidden" name="brand" value={brand} />
                <MoveButtons item={String(row.id)} label={row.header} first={index === 0} last={index === rows.length - 1} />
                <button type="submit" name="intent" value="remove" className={BUTTON} aria-label={`Remove ${row.header}`}>
                  Remove
                </button>
              </Form>
            </li>
          ))}
        </ol>
      )}
      {preview && (
        <section id="scroller-preview" aria-labelledby="scroller-preview-heading" className="mb-6 rounded-lg bg-white p-4 ring-1 ring-gray-200" data-testid="scroller-preview">
          <h2 id="scroller-preview-heading" className="mb-2 text-lg font-bold">
            Preview: the deals “{preview.header}” shows now in {BRANDS[brand].defaultLocationSlug}
          </h2>
          {preview.deals.length === 0 ? (
            <p>No deals: shoppers would not see this scroller. Check its special tag or category.</p>
          ) : (
            <ol className="list-decimal pl-6">
              {preview.deals.map((deal) => (
                <li key={deal.id}>{deal.headline}</li>
              ))}
            </ol>
          )}
          {preview.feedPath && <p className="mt-2 font-mono text-sm">{preview.feedPath}</p>}
        </section>
      )}
      <section id="scroller-form" aria-labelledby="scroller-form-heading" className="max-w-3xl">
        <h2 id="scroller-form-heading" className="mb-2 text-xl font-bold">
          {editing ? `Edit “${editing.header}”` : "Add a scroller"}
        </h2>
        <Form method="post" className="flex flex-col gap-3" noValidate key={editing?.id ?? "new"}>
          <CsrfField token={csrfToken} />
          <input type="hidden" name="brand" value={brand} />
          {editing && <input type="hidden" name="id" value={editing.id} />}
          {SCROLLER_FIELDS.map((field) => (
            <AdminTextField key={field.name} field={field} defaultValue={value(field.name)} error={result?.fieldErrors?.[field.name]} />
          ))}
          <div className="flex flex-wrap gap-3">
            <button type="submit" name="intent" value="save" className="rounded bg-brand px-5 py-2 font-bold text-white hover:bg-brand-dark">
              {editing ? "Save the scroller" : "Add the scroller"}
            </button>
            {editing && (
              <a href={`/admin/scrollers?${here}`} className="self-center font-bold text-brand-dark underline">
                Cancel
              </a>
            )}
          </div>
        </Form>
      </section>
    </section>
  );
}
