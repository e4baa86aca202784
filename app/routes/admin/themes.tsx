import { Form, useActionData } from "react-router";
import { BRAND_IDS, BRANDS, type BrandId, isBrandId } from "../../../lib/brand";
import { instantOfWallTime, wallTimeOf } from "../../../lib/market-time";
import { listCountdownsForStaff } from "../../../modules/content/countdown-editing";
import { listThemesForStaff } from "../../../modules/content/theme-editing";
import { readCountdown, readSeasonalTheme } from "../../../modules/content/themes";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { requireAdminPage } from "../../admin/guard.server";
import { THEME_FIELDS } from "../../admin/theme-fields";
import { THEME_TIME_ZONE, themeFormValues, themesAction } from "../../admin/themes.server";
import { AdminFormErrors } from "../../components/admin/AdminFormErrors";
import { AdminTextField } from "../../components/admin/AdminTextField";
import { HeadingRow } from "../../components/HeadingRow";
import { TableScroller } from "../../components/TableScroller";
import { AccountFormMessage } from "../../components/AccountField";
import { CsrfField } from "../../components/CsrfField";
import type { Route } from "./+types/themes";

export const meta = accountMeta("Themes and countdowns");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request, "admin/themes");
  const params = new URL(request.url).searchParams;
  const themes = await listThemesForStaff(context.db);
  const editing = themes.find((row) => String(row.id) === params.get("edit")) ?? null;
  const previewBrand: BrandId = isBrandId(params.get("previewBrand")) ? (params.get("previewBrand") as BrandId) : context.brand.id;
  const at = instantOfWallTime(params.get("at") ?? "", THEME_TIME_ZONE) ?? context.clock.now();
  const [theme, countdown] = await Promise.all([readSeasonalTheme(context.db, previewBrand, at), readCountdown(context.db, previewBrand, at)]);
  const wall = (instant: Date) => wallTimeOf(instant, THEME_TIME_ZONE).replace("T", " ");
  return {
    csrfToken: context.session.csrfToken(),
    themes: themes.map((row) => ({
      id: row.id,
      name: row.name,
      site: row.brand ? (BRANDS[row.brand as BrandId]?.displayName ?? row.brand) : "Every site",
      starts: wall(row.startsAt),
      ends: wall(row.endsAt),
      priority: row.priority,
    })),
    countdowns: (await listCountdownsForStaff(context.db)).map((row) => ({
      id: row.id,
      label: row.label,
      site: BRANDS[row.brand as BrandId]?.displayName ?? row.brand,
      starts: wall(row.startsAt),
      ends: wall(row.endsAt),
    })),
    editing: editing ? { id: editing.id, values: themeFormValues(editing) } : null,
    preview: { brand: previewBrand, at: wallTimeOf(at, THEME_TIME_ZONE), theme, countdown: countdown?.label ?? null },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireAdminPage(context, request, "admin/themes");
  return themesAction(context, actor, await request.formData());
}

const SITES = BRAND_IDS.map((id) => ({ value: id, label: BRANDS[id].displayName }));

export default function AdminThemes({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const { themes, countdowns, editing, preview, csrfToken } = loaderData;
  const value = (name: string) => result?.values?.[name] ?? editing?.values[name] ?? (name === "priority" ? "0" : "");
  const brandField = THEME_FIELDS[1];
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">Themes and countdowns</h1>
      <AdminFormErrors result={result} fields={THEME_FIELDS} />
      {result?.success && <AccountFormMessage success={result.success} />}
      <h2 className="mb-2 text-xl font-bold">Seasonal themes</h2>
      {themes.length === 0 ? (
        <p className="mb-6">No seasonal themes yet.</p>
      ) : (
        <TableScroller label="Seasonal themes">
          <table className="mb-6 w-full border-collapse bg-white text-sm">
            <caption className="sr-only">Seasonal themes, latest first</caption>
            <thead>
              <HeadingRow headings={["Theme", "Site", "Starts", "Ends", "Priority", "Change"]} />
            </thead>
            <tbody>
              {themes.map((row) => (
                <tr key={row.id} className="border-b border-gray-200" data-testid="theme-row">
                  <td className="p-2 font-bold">{row.name}</td>
                  <td className="p-2">{row.site}</td>
                  <td className="p-2">{row.starts}</td>
                  <td className="p-2">{row.ends}</td>
                  <td className="p-2">{row.priority}</td>
                  <td className="flex gap-3 p-2">
                    <a href={`/admin/themes?edit=${row.id}#theme-form`} className="font-bold text-brand-dark underline" aria-label={`Edit ${row.name} (${row.starts})`}>
                      Edit
                    </a>
                    <Form method="post">
                      <CsrfField token={csrfToken} />
                      <input type="hidden" name="id" value={row.id} />
                      <button type="submit" name="intent" value="remove" className="font-bold text-brand-dark underline" aria-label={`Remove ${row.name} (${row.starts})`}>
                        Remove
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
      <section id="theme-form" aria-labelledby="theme-form-heading" className="mb-8 max-w-3xl">
        <h2 id="theme-form-heading" className="mb-2 text-xl font-bold">
          {editing ? `Edit “${editing.values.name}”` : "Add a seasonal theme"}
        </h2>
        <Form method="post" className="flex flex-col gap-3" noValidate key={editing?.id ?? "new"}>
          <CsrfField token={csrfToken} />
          {editing && <input type="hidden" name="id" value={editing.id} />}
          <AdminTextField field={THEME_FIELDS[0]} defaultValue={value("name")} error={result?.fieldErrors?.name} />
          <div className="flex flex-col">
            <label htmlFor={brandField.id} className="font-bold">
              {brandField.label}
            </label>
            <select
              id={brandField.id}
              name="brand"
              defaultValue={value("brand")}
              className="rounded border border-gray-500 p-2"
              aria-invalid={result?.fieldErrors?.brand ? true : undefined}
            >
              <option value="">Every site</option>
              {SITES.map((site) => (
                <option key={site.value} value={site.value}>
                  {site.label}
                </option>
              ))}
            </select>
          </div>
          {THEME_FIELDS.slice(2, 4).map((field) => (
            <AdminTextField key={field.name} field={field} type="datetime-local" defaultValue={value(field.name)} error={result?.fieldErrors?.[field.name]} />
          ))}
          <AdminTextField field={THEME_FIELDS[4]} defaultValue={value("priority")} error={result?.fieldErrors?.priority} />
          <button type="submit" name="intent" value="save" className="self-start rounded bg-brand px-5 py-2 font-bold text-white hover:bg-brand-dark">
            {editing ? "Save the theme" : "Add the theme"}
          </button>
        </Form>
      </section>
      <section aria-labelledby="theme-preview-heading" className="mb-8 rounded-lg bg-white p-4 ring-1 ring-gray-200" data-testid="theme-preview">
        <h2 id="theme-preview-heading" className="mb-2 text-xl font-bold">
          Preview: what a site shows at a moment
        </h2>
        <Form method="get" className="mb-3 flex flex-wrap items-end gap-3">
          <label className="flex flex-col">
            Site
            <select name="previewBrand" defaultValue={preview.brand} className="rounded border border-gray-500 p-2">
              {SITES.map((site) => (
                <option key={site.value} value={site.value}>
                  {site.label}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col">
            Moment (UK and Irish time)
            <input type="datetime-local" name="at" defaultValue={preview.at} className="rounded border border-gray-500 p-2" />
          </label>
          <button type="submit" className="rounded border-2 border-brand-dark px-4 py-2 font-bold text-brand-dark">
            Show the theme then
          </button>
        </Form>
        <p role="status">
          {preview.theme ? `Theme: ${preview.theme}` : "No seasonal theme: the usual look."} {preview.countdown ? `Countdown bar: ${preview.countdown}.` : "No countdown bar."}
        </p>
      </section>
      <h2 className="mb-2 text-xl font-bold">Countdown bars</h2>
      <p className="mb-2">
        <a href="/admin/countdowns" className="font-bold text-brand-dark underline">
          Add, change or remove countdown bars
        </a>
      </p>
      {countdowns.length === 0 ? (
        <p>No countdown bars.</p>
      ) : (
        <ul className="list-disc pl-6">
          {countdowns.map((row) => (
            <li key={row.id}>
              {row.site}: {row.label} ({row.starts} to {row.ends})
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
