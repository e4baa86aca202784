import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { formatMoney } from "../../../lib/money";
import { TRAVEL_RATE_COLUMNS } from "../../../modules/deal-pipeline/travel-rates-csv";
import { hasPermission } from "../../../modules/staff/permissions";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { requireAdminPage } from "../../admin/guard.server";
import { ratesOfDeal, travelDealOf, travelRatesAction } from "../../admin/travel-rates.server";
import { AccountFormMessage } from "../../components/AccountField";
import { CsrfField } from "../../components/CsrfField";
import { TableScroller } from "../../components/TableScroller";
import { HeadingRow } from "../../components/HeadingRow";
import type { Route } from "./+types/deal-travel-rates";

export const meta = accountMeta("Nights and rates");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { session } = await requireAdminPage(context, request, "admin/deals/:id/travel-rates");
  const deal = await travelDealOf(context, params.id);
  const { options, lines } = await ratesOfDeal(context, deal);
  const currency = deal.countryCode === "IE" ? "EUR" : "GBP";
  return {
    csrfToken: context.session.csrfToken(),
    canEdit: hasPermission(session.member.role, "deals.edit"),
    deal: { id: deal.id, headline: deal.headline },
    options: options.map((option) => {
      const mine = lines.filter((line) => line.productId === option.productId);
      const prices = mine.map((line) => line.price);
      return {
        productId: option.productId,
        name: option.name,
        basis: option.priceBasis === "night" ? "per room per night" : "per stay",
        nights: mine.length,
        first: mine[0]?.night ?? null,
        last: mine.at(-1)?.night ?? null,
        prices: prices.length ? `${formatMoney(Math.min(...prices), currency)} to ${formatMoney(Math.max(...prices), currency)}` : "–",
        rooms: mine.reduce((sum, line) => sum + (line.rooms ?? 0), 0),
        sold: mine.reduce((sum, line) => sum + line.sold, 0),
      };
    }),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireAdminPage(context, request, "admin/deals/:id/travel-rates");
  const deal = await travelDealOf(context, params.id);
  return travelRatesAction(context, actor, deal, await request.formData());
}

export default function AdminDealTravelRates({ loaderData, actionData }: Route.ComponentProps) {
  const { deal, options } = loaderData;
  const busy = useNavigation().state === "submitting";
  const result = useRef<HTMLDivElement>(null);
  // What the file would change (or did, or why not) takes the focus when it arrives.
  useEffect(() => {
    if (actionData) result.current?.focus();
  }, [actionData]);
  const outcome = actionData?.outcome;
  return (
    <section>
      <p className="mb-2">
        <a href={`/admin/deals/${deal.id}`} className="font-bold text-brand-dark underline">
          Back to the deal
        </a>
      </p>
      <h1 className="mb-4 text-2xl font-bold">Nights and rates: {deal.headline}</h1>
      {options.length === 0 ? (
        <p>This deal has no dated options: nights and rates belong to travel deals sold by date.</p>
      ) : (
        <>
          <TableScroller label="The deal's dated options">
            <table className="mb-4 w-full border-collapse bg-white text-sm">
              <caption className="mb-2 text-left font-bold">Its dated options from today</caption>
              <thead>
                <HeadingRow headings={["Option", "Priced", "Nights", "From", "To", "Prices", "Rooms", "Sold"]} />
              </thead>
              <tbody>
                {options.map((option) => (
                  <tr key={option.productId} className="border-b border-gray-200" data-testid="rate-option">
                    <td className="p-2">
                      <a href={`/admin/deals/${deal.id}/travel-rates/${option.productId}`} className="font-bold text-brand-dark underline">
                        {option.name}
                      </a>{" "}
                      <span className="font-mono">({option.productId})</span>
                    </td>
                    <td className="p-2">{option.basis}</td>
                    <td className="p-2">{option.nights}</td>
                    <td className="p-2">{option.first ?? "–"}</td>
                    <td className="p-2">{option.last ?? "–"}</td>
                    <td className="p-2">{option.prices}</td>
                    <td className="p-2">{option.rooms}</td>
                    <td className="p-2">{option.sold}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>
          <p className="mb-6">
            <a href={`/admin/deals/${deal.id}/travel-rates.csv`} className="font-bold text-brand-dark underline" download>
              Download the nights and rates (CSV)
            </a>
            , change them in a spreadsheet and load the file again.
          </p>
          {loaderData.canEdit && (
            <Form method="post" encType="multipart/form-data" className="flex max-w-xl flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
              <CsrfField token={loaderData.csrfToken} />
              <label htmlFor="rates-file" className="font-bold">
                A CSV file of nights and rates
              </label>
              <p id="rates-file-hint" className="text-sm text-gray-700">
                Columns: {TRAVEL_RATE_COLUMNS.join(", ")}. Option, night, price and rooms are required; prices in pounds or euros; yes or no for arrival, departure and on_sale.
                Rooms never go below what a night has sold.
              </p>
              <input id="rates-file" type="file" name="file" accept=".csv,text/csv" aria-describedby="rates-file-hint" className="rounded border border-gray-500 p-2" />
              <div className="flex flex-wrap gap-3">
                <button
                  type="submit"
                  name="intent"
                  value="check"
                  disabled={busy}
                  className="rounded border-2 border-brand-dark px-5 py-2 font-bold text-brand-dark disabled:opacity-70"
                >
                  Check the file
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="load"
                  disabled={busy}
                  className="rounded bg-brand px-5 py-2 font-bold text-white hover:bg-brand-dark disabled:opacity-70"
                >
                  Load the file
                </button>
              </div>
            </Form>
          )}
          {actionData && (
            <div ref={result} tabIndex={-1} className="mt-6 max-w-3xl" data-testid="rates-result">
              {actionData.formError && <AccountFormMessage error={actionData.formError} />}
              {outcome && (
                <>
                  <h2 className="mb-2 text-xl font-bold">
                    {outcome.applied
                      ? `Loaded: ${outcome.rows.toLocaleString("en-GB")} nights from ${actionData.fileName}.`
                      : outcome.errors.length
                        ? `${(outcome.errors.length + outcome.moreErrors).toLocaleString("en-GB")} rows of ${actionData.fileName} have errors: nothing was changed.`
                        : `${actionData.fileName} is ready: ${outcome.rows.toLocaleString("en-GB")} nights would be loaded. Nothing was changed yet.`}
                  </h2>
                  {outcome.options.length > 0 && (
                    <ul className="mb-3 list-disc pl-5">
                      {outcome.options.map((option) => (
                        <li key={option.productId}>
                          {option.name}: {option.nights} nights, {option.first} to {option.last}
                        </li>
                      ))}
                    </ul>
                  )}
                  {outcome.errors.length > 0 && (
                    <ul className="list-disc pl-5 text-alert" aria-label="Rows with errors">
                      {outcome.errors.map((error) => (
                        <li key={error.line}>
                          Line {error.line}: {error.message}
                        </li>
                      ))}
                      {outcome.moreErrors > 0 && <li>And {outcome.moreErrors.toLocaleString("en-GB")} more rows with errors.</li>}
                    </ul>
                  )}
                </>
              )}
            </div>
          )}
        </>
      )}
    </section>
  );
}
