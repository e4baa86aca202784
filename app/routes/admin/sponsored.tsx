import { data, Form, useActionData } from "react-router";
import { instantOfWallTime, wallTimeOf } from "../../../lib/market-time";
import { formatBalance, formatMoney } from "../../../lib/money";
import { currenciesOfDeals } from "../../../modules/catalog/admin-deals";
import { listCampaignsForStaff, parseCampaignForm, saveCampaign } from "../../../modules/sponsored/edit-campaigns";
import { shownError } from "../../../server/errors";
import { accountMeta } from "../../accounts/meta";
import { formText, PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { requireAdminPage } from "../../admin/guard.server";
import { SPONSORED_FIELDS } from "../../admin/sponsored-fields";
import { THEME_TIME_ZONE } from "../../admin/themes.server";
import { AdminFormErrors } from "../../components/admin/AdminFormErrors";
import { AdminTextField } from "../../components/admin/AdminTextField";
import { HeadingRow } from "../../components/HeadingRow";
import { TableScroller } from "../../components/TableScroller";
import { AccountFormMessage } from "../../components/AccountField";
import { CsrfField } from "../../components/CsrfField";
import type { Route } from "./+types/sponsored";

export const meta = accountMeta("Sponsored campaigns");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

const pounds = (minor: number) => (minor / 100).toFixed(2);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request, "admin/sponsored");
  const now = context.clock.now();
  const rows = await listCampaignsForStaff(context.db, now);
  // Bids and budgets are in the promoted deal's currency.
  const currencies = await currenciesOfDeals(
    context.db,
    rows.map((row) => row.campaign.dealId),
  );
  const editing = rows.find((row) => String(row.campaign.id) === new URL(request.url).searchParams.get("edit"))?.campaign ?? null;
  return {
    csrfToken: context.session.csrfToken(),
    campaigns: rows.map(({ campaign, clicksToday, spendToday }) => {
      const currency = currencies.get(campaign.dealId) ?? "GBP";
      return {
        id: campaign.id,
        dealId: campaign.dealId,
        targets: [...campaign.keywords, ...campaign.categoryIds.map((id) => `category ${id}`)].join(", "),
        bid: formatMoney(campaign.bid, currency),
        today: `${clicksToday} clicks, ${formatBalance(spendToday, currency)} of ${formatMoney(campaign.dailyBudget, currency)}`,
        running: !campaign.active ? "Switched off" : campaign.startsAt > now ? "Starts later" : campaign.endsAt && campaign.endsAt <= now ? "Ended" : "Running",
      };
    }),
    editing: editing
      ? {
          id: editing.id,
          values: {
            dealId: String(editing.dealId),
            keywords: editing.keywords.join(", "),
            categoryIds: editing.categoryIds.join(", "),
            bid: pounds(editing.bid),
            dailyBudget: pounds(editing.dailyBudget),
            startsAt: wallTimeOf(editing.startsAt, THEME_TIME_ZONE),
            endsAt: editing.endsAt ? wallTimeOf(editing.endsAt, THEME_TIME_ZONE) : "",
            active: editing.active ? "on" : "",
          } as Record<string, string>,
        }
      : null,
  };
}

type Answer = { fieldErrors?: Record<string, string>; formError?: string; success?: string; values?: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireAdminPage(context, request, "admin/sponsored");
  const form = await request.formData();
  const values = Object.fromEntries(SPONSORED_FIELDS.map((field) => [field.name, formText(form, field.name)]));
  const idText = formText(form, "id");
  const id = /^\d{1,9}$/.test(idText) ? Number(idText) : null;
  const answer = (result: Answer, status = 200) => data<Answer>({ values, ...result }, { status });
  const parsed = parseCampaignForm(values, {
    startsAt: instantOfWallTime(values.startsAt, THEME_TIME_ZONE),
    endsAt: values.endsAt ? instantOfWallTime(values.endsAt, THEME_TIME_ZONE) : null,
  });
  if (!parsed.ok) return answer({ fieldErrors: parsed.fieldErrors }, 400);
  try {
    const saved = await saveCampaign(context.db, context.clock, actor, id, parsed.fields);
    if (!saved.ok) return answer({ fieldErrors: saved.fieldErrors }, 400);
    // A saved form starts empty again (or shows the campaign as saved, when editing).
    return answer({ success: `Campaign saved: ${parsed.fields.active ? "the next search may show it" : "it is switched off"}.`, values: undefined });
  } catch (error) {
    const shown = shownError(error);
    return answer({ formError: shown.message }, shown.status);
  }
}

export default function AdminSponsored({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const { campaigns, editing, csrfToken } = loaderData;
  const value = (name: string) => result?.values?.[name] ?? editing?.values[name] ?? "";
  const activeField = SPONSORED_FIELDS[7];
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">Sponsored campaigns</h1>
      <AdminFormErrors result={result} fields={SPONSORED_FIELDS} />
      {result?.success && <AccountFormMessage success={result.success} />}
      <p className="mb-4 max-w-3xl">
        A campaign shows one deal in the marked sponsored places of search results, for its words or categories, paying its bid per click until the day&apos;s budget is spent.
      </p>
      {campaigns.length === 0 ? (
        <p className="mb-6">No campaigns yet.</p>
      ) : (
        <TableScroller label="Sponsored campaigns">
          <table className="mb-6 w-full border-collapse bg-white text-sm">
            <caption className="sr-only">Sponsored campaigns, newest first</caption>
            <thead>
              <HeadingRow headings={["Deal", "Shown for", "Bid", "Today", "Now", "Change"]} />
            </thead>
            <tbody>
              {campaigns.map((row) => (
                <tr key={row.id} className="border-b border-gray-200" data-testid="sponsored-row">
                  <td className="p-2">
                    <a href={`/admin/deals/${row.dealId}`} className="text-brand-dark underline">
                      Deal {row.dealId}
                    </a>
                  </td>
                  <td className="p-2">{row.targets}</td>
                  <td className="p-2">{row.bid}</td>
                  <td className="p-2">{row.today}</td>
                  <td className="p-2">{row.running}</td>
                  <td className="p-2">
                    <a
                      href={`/admin/sponsored?edit=${row.id}#sponsored-form`}
                      className="font-bold text-brand-dark underline"
                      aria-label={`Edit the campaign for deal ${row.dealId}`}
                    >
                      Edit
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
      <section id="sponsored-form" aria-labelledby="sponsored-form-heading" className="max-w-3xl">
        <h2 id="sponsored-form-heading" className="mb-2 text-xl font-bold">
          {editing ? `Edit the campaign for deal ${editing.values.dealId}` : "Add a campaign"}
        </h2>
        <Form method="post" className="flex flex-col gap-3" noValidate key={editing?.id ?? "new"}>
          <CsrfField token={csrfToken} />
          {editing && <input type="hidden" name="id" value={editing.id} />}
          {SPONSORED_FIELDS.slice(0, 7).map((field) => (
            <AdminTextField
              key={field.name}
              field={field}
              type={field.name === "startsAt" || field.name === "endsAt" ? "datetime-local" : "text"}
              defaultValue={value(field.name)}
              error={result?.fieldErrors?.[field.name]}
            />
          ))}
          <label htmlFor={activeField.id} className="flex items-center gap-2 font-bold">
            <input type="checkbox" id={activeField.id} name={activeField.name} defaultChecked={value("active") === "on"} className="h-5 w-5" />
            {activeField.label}
          </label>
          <button type="submit" className="self-start rounded bg-brand px-5 py-2 font-bold text-white hover:bg-brand-dark">
            {editing ? "Save the campaign" : "Add the campaign"}
          </button>
        </Form>
      </section>
    </section>
  );
}
