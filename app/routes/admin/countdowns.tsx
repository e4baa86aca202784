import { data, Form, useActionData } from "react-router";
import { BRAND_IDS, BRANDS, type BrandId, isBrandId } from "../../../lib/brand";
import { instantOfWallTime, wallTimeOf } from "../../../lib/market-time";
import { listCountdownsForStaff, removeCountdown, saveCountdown } from "../../../modules/content/countdown-editing";
import { shownError } from "../../../server/errors";
import { accountMeta } from "../../accounts/meta";
import { formText, PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { COUNTDOWN_FIELDS } from "../../admin/countdown-fields";
import { requireAdminPage } from "../../admin/guard.server";
import { THEME_TIME_ZONE } from "../../admin/themes.server";
import { AdminFormErrors } from "../../components/admin/AdminFormErrors";
import { AdminTextField } from "../../components/admin/AdminTextField";
import { HeadingRow } from "../../components/HeadingRow";
import { TableScroller } from "../../components/TableScroller";
import { AccountFormMessage } from "../../components/AccountField";
import { CsrfField } from "../../components/CsrfField";
import type { Route } from "./+types/countdowns";

export const meta = accountMeta("Countdown bars");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

const SITES = BRAND_IDS.map((id) => ({ value: id, label: BRANDS[id].displayName }));
const wall = (instant: Date) => wallTimeOf(instant, THEME_TIME_ZONE);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request, "admin/countdowns");
  const rows = await listCountdownsForStaff(context.db);
  const now = context.clock.now();
  const editing = rows.find((row) => String(row.id) === new URL(request.url).searchParams.get("edit")) ?? null;
  return {
    csrfToken: context.session.csrfToken(),
    countdowns: rows.map((row) => ({
      id: row.id,
      site: BRANDS[row.brand as BrandId]?.displayName ?? row.brand,
      label: row.label,
      link: row.link,
      starts: wall(row.startsAt).replace("T", " "),
      ends: wall(row.endsAt).replace("T", " "),
      when: row.endsAt <= now ? "Ended" : row.startsAt <= now ? "Showing now" : "Coming",
    })),
    editing: editing
      ? {
          id: editing.id,
          values: { brand: editing.brand, label: editing.label, link: editing.link ?? "", startsAt: wall(editing.startsAt), endsAt: wall(editing.endsAt) } as Record<
            string,
            string
          >,
        }
      : null,
  };
}

type Answer = { fieldErrors?: Record<string, string>; formError?: string; success?: string; values?: Record<string, string> };

/** The form's values checked field by field; the times as instants in UK and Irish time. */
function checkCountdown(values: Record<string, string>) {
  const fieldErrors: Record<string, string> = {};
  if (!isBrandId(values.brand)) fieldErrors.brand = "Choose a site.";
  if (!values.label.trim()) fieldErrors.label = "Enter the words on the bar.";
  else if (values.label.trim().length > 120) fieldErrors.label = "Keep this under 120 characters.";
  const link = values.link.trim();
  if (link && (!link.startsWith("/") || link.startsWith("//") || link.length > 300 || /\s/.test(link)))
    fieldErrors.link = "Enter a page of this site starting with /, or leave it blank.";
  const startsAt = instantOfWallTime(values.startsAt, THEME_TIME_ZONE);
  const endsAt = instantOfWallTime(values.endsAt, THEME_TIME_ZONE);
  if (!startsAt) fieldErrors.startsAt = "Enter the date and time it is first shown.";
  if (!endsAt) fieldErrors.endsAt = "Enter the date and time the offer ends.";
  else if (startsAt && endsAt <= startsAt) fieldErrors.endsAt = "Enter an end after the start.";
  return Object.keys(fieldErrors).length > 0
    ? ({ ok: false, fieldErrors } as const)
    : ({ ok: true, fields: { brand: values.brand, label: values.label.trim(), link: link || null, startsAt: startsAt!, endsAt: endsAt! } } as const);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireAdminPage(context, request, "admin/countdowns");
  const form = await request.formData();
  const answer = (result: Answer, status = 200) => data<Answer>(result, { status });
  const idText = formText(form, "id");
  const id = /^\d{1,9}$/.test(idText) ? Number(idText) : null;
  try {
    if (formText(form, "intent") === "remove" && id) {
      await removeCountdown(context.db, context.clock, actor, id);
      return answer({ success: "Countdown bar removed: shoppers no longer see it from their next page." });
    }
    const values = Object.fromEntries(COUNTDOWN_FIELDS.map((field) => [field.name, formText(form, field.name)]));
    const checked = checkCountdown(values);
    if (!checked.ok) return answer({ fieldErrors: checked.fieldErrors, values }, 400);
    await saveCountdown(context.db, context.clock, actor, id, checked.fields);
    return answer({ success: "Countdown bar saved: the site shows it within its window from shoppers' next page." });
  } catch (error) {
    const shown = shownError(error);
    const field = shown.code === "COUNTDOWN_ALREADY_OVER" || shown.code === "THEME_ENDS_BEFORE_START" ? "endsAt" : null;
    const values = Object.fromEntries(COUNTDOWN_FIELDS.map((entry) => [entry.name, formText(form, entry.name)]));
    return answer(field ? { fieldErrors: { [field]: shown.message }, values } : { formError: shown.message }, shown.status);
  }
}

export default function AdminCountdowns({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const { countdowns, editing, csrfToken } = loaderData;
  const value = (name: string) => result?.values?.[name] ?? editing?.values[name] ?? "";
  const [brandField, ...textFields] = COUNTDOWN_FIELDS;
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">Countdown bars</h1>
      <AdminFormErrors result={result} fields={COUNTDOWN_FIELDS} />
      {result?.success && <AccountFormMessage success={result.success} />}
      <p className="mb-4 max-w-3xl">
        A bar above a site&apos;s header counting down to the real end of an offer, shown only from its start to its end. A bar cannot be set up already over.
      </p>
      {countdowns.length === 0 ? (
        <p className="mb-6">No countdown bars yet.</p>
      ) : (
        <TableScroller label="Countdown bars">
          <table className="mb-6 w-full border-collapse bg-white text-sm">
            <caption className="sr-only">Countdown bars by site, latest first</caption>
            <thead>
              <HeadingRow headings={["Words", "Site", "Shown from", "Counts down to", "Now", "Change"]} />
            </thead>
            <tbody>
              {countdowns.map((row) => (
                <tr key={row.id} className="border-b border-gray-200" data-testid="countdown-row">
                  <td className="p-2 font-bold">{row.label}</td>
                  <td className="p-2">{row.site}</td>
                  <td className="p-2">{row.starts}</td>
                  <td className="p-2">{row.ends}</td>
                  <td className="p-2">{row.when}</td>
                  <td className="flex gap-3 p-2">
                    <a href={`/admin/countdowns?edit=${row.id}#countdown-form`} className="font-bold text-brand-dark underline" aria-label={`Edit ${row.label} (${row.site})`}>
                      Edit
                    </a>
                    <Form method="post">
                      <CsrfField token={csrfToken} />
                      <input type="hidden" name="id" value={row.id} />
                      <button type="submit" name="intent" value="remove" className="font-bold text-brand-dark underline" aria-label={`Remove ${row.label} (${row.site})`}>
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
      <section id="countdown-form" aria-labelledby="countdown-form-heading" className="max-w-3xl">
        <h2 id="countdown-form-heading" className="mb-2 text-xl font-bold">
          {editing ? `Edit “${editing.values.label}”` : "Add a countdown bar"}
        </h2>
        <Form method="post" className="flex flex-col gap-3" noValidate key={editing?.id ?? "new"}>
          <CsrfField token={csrfToken} />
          {editing && <input type="hidden" name="id" value={editing.id} />}
          <div className="flex flex-col">
            <label htmlFor={brandField.id} className="font-bold">
              {brandField.label}
            </label>
            <select
              id={brandField.id}
              name={brandField.name}
              defaultValue={value("brand")}
              className="rounded border border-gray-500 p-2"
              aria-invalid={result?.fieldErrors?.brand ? true : undefined}
              aria-describedby={result?.fieldErrors?.brand ? `${brandField.id}-error` : undefined}
            >
              <option value="">Choose a site</option>
              {SITES.map((site) => (
                <option key={site.value} value={site.value}>
                  {site.label}
                </option>
              ))}
            </select>
            {result?.fieldErrors?.brand && (
              <p id={`${brandField.id}-error`} className="text-alert">
                {result.fieldErrors.brand}
              </p>
            )}
          </div>
          {textFields.map((field) => (
            <AdminTextField
              key={field.name}
              field={field}
              type={field.name === "startsAt" || field.name === "endsAt" ? "datetime-local" : "text"}
              defaultValue={value(field.name)}
              error={result?.fieldErrors?.[field.name]}
            />
          ))}
          <button type="submit" name="intent" value="save" className="self-start rounded bg-brand px-5 py-2 font-bold text-white hover:bg-brand-dark">
            {editing ? "Save the countdown bar" : "Add the countdown bar"}
          </button>
        </Form>
      </section>
    </section>
  );
}
