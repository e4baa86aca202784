import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { hasPermission } from "../../../modules/staff/permissions";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { requireAdminPage } from "../../admin/guard.server";
import { calendarMonth, datedOptionOf, travelNightsAction } from "../../admin/travel-nights.server";
import { TRAVEL_NIGHTS_FIELDS } from "../../admin/travel-nights-fields";
import { travelDealOf } from "../../admin/travel-rates.server";
import { AccountFormMessage, AccountSubmit } from "../../components/AccountField";
import { AdminFormErrors } from "../../components/admin/AdminFormErrors";
import { AdminSelectField } from "../../components/admin/AdminSelectField";
import { AdminTextField } from "../../components/admin/AdminTextField";
import { TableScroller } from "../../components/TableScroller";
import { CsrfField } from "../../components/CsrfField";
import type { Route } from "./+types/deal-travel-nights";

export const meta = accountMeta("Nights calendar");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

const PAGE = "admin/deals/:id/travel-rates/:productId";
const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { session } = await requireAdminPage(context, request, PAGE);
  const deal = await travelDealOf(context, params.id);
  const option = await datedOptionOf(context, deal.id, params.productId);
  const calendar = await calendarMonth(context, deal, option.productId, new URL(request.url).searchParams.get("month"));
  return {
    csrfToken: context.session.csrfToken(),
    canEdit: hasPermission(session.member.role, "deals.edit"),
    deal: { id: deal.id, headline: deal.headline, timeZone: deal.timeZone },
    option: { productId: option.productId, name: option.name, basis: option.priceBasis === "night" ? "per room per night" : "per stay" },
    calendar,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireAdminPage(context, request, PAGE);
  const deal = await travelDealOf(context, params.id);
  const option = await datedOptionOf(context, deal.id, params.productId);
  return travelNightsAction(context, actor, deal, option.productId, await request.formData());
}

function NightCell({ night }: { night: Route.ComponentProps["loaderData"]["calendar"]["weeks"][number][number] }) {
  if (!night) return <td className="border border-gray-200 bg-gray-50 p-2" />;
  return (
    <td className={`border border-gray-200 p-2 align-top ${night.onSale && night.left ? "bg-white" : "bg-gray-100"}`} data-testid="calendar-night" data-night={night.night}>
      <span className="block font-bold">{night.day}</span>
      {night.price === null ? (
        <span className="text-gray-700">No rate</span>
      ) : (
        <>
          <span className="block">{night.price}</span>
          <span className="block text-sm">{night.rooms === null ? "Rooms not set" : `${night.left} of ${night.rooms} left`}</span>
          {!night.onSale && <span className="block text-sm font-bold">Not on sale</span>}
        </>
      )}
    </td>
  );
}

export default function AdminDealTravelNights({ loaderData, actionData }: Route.ComponentProps) {
  const { deal, option, calendar } = loaderData;
  const busy = useNavigation().state === "submitting";
  const saved = useRef<HTMLDivElement>(null);
  // A saved change takes the focus (the calendar above already shows it); errors take it through the summary.
  useEffect(() => {
    if (actionData?.success) saved.current?.focus();
  }, [actionData]);
  const value = (name: string, fallback = "") => actionData?.values?.[name] ?? fallback;
  return (
    <section>
      <p className="mb-2">
        <a href={`/admin/deals/${deal.id}/travel-rates`} className="font-bold text-brand-dark underline">
          Back to nights and rates
        </a>
      </p>
      <h1 className="mb-1 text-2xl font-bold">Calendar: {option.name}</h1>
      <p className="mb-4">
        {deal.headline}. Priced {option.basis}; dates in {deal.timeZone}.
      </p>
      <nav aria-label="Months" className="mb-2 flex gap-4">
        {calendar.previous && (
          <a href={`?month=${calendar.previous}`} className="font-bold text-brand-dark underline">
            Previous month
          </a>
        )}
        <a href={`?month=${calendar.next}`} className="font-bold text-brand-dark underline">
          Next month
        </a>
      </nav>
      <TableScroller label={`Nights in ${calendar.label}`}>
        <table className="mb-6 w-full table-fixed border-collapse text-sm">
          <caption className="mb-2 text-left text-xl font-bold">{calendar.label}</caption>
          <thead>
            <tr>
              {WEEKDAYS.map((day) => (
                <th key={day} scope="col" className="p-2 text-left">
                  <abbr title={day} className="no-underline">
                    {day.slice(0, 3)}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {calendar.weeks.map((week, index) => (
              <tr key={index}>
                {week.map((night, day) => (
                  <NightCell key={night?.night ?? `blank-${day}`} night={night} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
      {loaderData.canEdit && (
        <section aria-labelledby="change-nights" className="max-w-xl rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
          <h2 id="change-nights" className="mb-4 text-xl font-bold">
            Change nights
          </h2>
          {actionData?.success && (
            <div ref={saved} tabIndex={-1}>
              <AccountFormMessage success={actionData.success} />
            </div>
          )}
          <AdminFormErrors result={actionData} fields={TRAVEL_NIGHTS_FIELDS} />
          <Form method="post" noValidate className="flex flex-col gap-4">
            <CsrfField token={loaderData.csrfToken} />
            {TRAVEL_NIGHTS_FIELDS.map((field) =>
              field.name === "onSale" ? (
                <AdminSelectField
                  key={field.name}
                  field={field}
                  options={[
                    { value: "yes", label: "Yes: shoppers can book these nights" },
                    { value: "no", label: "No: shown as unavailable" },
                  ]}
                  defaultValue={value(field.name, "yes")}
                  error={actionData?.fieldErrors?.[field.name]}
                />
              ) : (
                <AdminTextField
                  key={field.name}
                  field={field}
                  type={field.name === "from" || field.name === "to" ? "date" : "text"}
                  defaultValue={value(field.name, field.name === "from" || field.name === "to" ? calendar.today : "")}
                  error={actionData?.fieldErrors?.[field.name]}
                />
              ),
            )}
            <AccountSubmit busy={busy}>Save these nights</AccountSubmit>
          </Form>
        </section>
      )}
    </section>
  );
}
