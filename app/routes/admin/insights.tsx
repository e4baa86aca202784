import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { BRANDS } from "../../../lib/brand";
import { formatBalance } from "../../../lib/money";
import { liveInsights } from "../../../modules/reports/live-insights";
import { REPORT_TIME_ZONE } from "../../../modules/reports/report-period";
import { STAFF_SESSION_LIFETIMES } from "../../../modules/staff/staff-sign-in";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { requireAdminPage } from "../../admin/guard.server";
import { HeadingRow } from "../../components/HeadingRow";
import { TableScroller } from "../../components/TableScroller";
import { LiveRefresh } from "../../components/admin/LiveRefresh";
import type { Route } from "./+types/insights";

export const meta = accountMeta("Insights");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

const HEADINGS = ["Site", "Orders", "Units sold", "Sales", "Visitors"];

/** Today's figures per site, read afresh on every request (and by the page itself every 30 seconds). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request, "admin/insights");
  const insights = await liveInsights(context.db, context.clock.now());
  return {
    day: insights.day,
    at: insights.at.toISOString(),
    // Formatted here, in UK time, so the server's and the browser's renderings agree whatever the browser's zone.
    updated: format(new TZDate(insights.at, REPORT_TIME_ZONE), "HH:mm:ss"),
    // The readings stop once nobody has used the page for the session's idle limit (they renew the session).
    pauseAfterMs: STAFF_SESSION_LIFETIMES.idleMs,
    brands: insights.brands.map((row) => ({
      brand: row.brand,
      site: `${BRANDS[row.brand].displayName} (${BRANDS[row.brand].hosts[0]})`,
      orders: row.orders.toLocaleString("en-GB"),
      units: row.units.toLocaleString("en-GB"),
      // A site before its first sale shows nought in its own currency.
      sales: (row.sales.length > 0 ? row.sales : [{ currency: BRANDS[row.brand].currency, amount: 0 }]).map((sale) => formatBalance(sale.amount, sale.currency)).join(", "),
      visitors: row.visitors.toLocaleString("en-GB"),
    })),
  };
}

export default function AdminInsights({ loaderData }: Route.ComponentProps) {
  const { day, at, updated, pauseAfterMs, brands } = loaderData;
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">Insights</h1>
      <p className="mb-4 max-w-3xl">
        Today so far on each site: the UK day from midnight, UK time, whichever market the site sells in. For whole days and longer periods, see the{" "}
        <a href="/admin/reports" className="font-bold text-brand-dark underline">
          reports
        </a>
        .
      </p>
      <LiveRefresh at={at} updated={updated} pauseAfterMs={pauseAfterMs} />
      <TableScroller label="Today per site">
        <table className="w-full border-collapse bg-white text-sm" data-testid="insights-table">
          <caption className="mb-2 text-left font-bold">{`Today, ${day}, per site`}</caption>
          <thead>
            <HeadingRow headings={HEADINGS} numeric={HEADINGS.slice(1)} />
          </thead>
          <tbody>
            {brands.map((row) => (
              <tr key={row.brand} className="border-b border-gray-200" data-testid={`insights-${row.brand}`}>
                <th scope="row" className="p-2 text-left font-normal">
                  {row.site}
                </th>
                <td className="p-2 text-right tabular-nums">{row.orders}</td>
                <td className="p-2 text-right tabular-nums">{row.units}</td>
                <td className="p-2 text-right tabular-nums">{row.sales}</td>
                <td className="p-2 text-right tabular-nums">{row.visitors}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
      <dl className="mt-6 max-w-3xl space-y-2">
        <div>
          <dt className="inline font-bold">Orders and sales: </dt>
          <dd className="inline">orders placed today and what shoppers paid for them, by card and wallet credit, postage and fees included (as the reports count them).</dd>
        </div>
        <div>
          <dt className="inline font-bold">Units sold: </dt>
          <dd className="inline">deal options in those orders (add-ons such as Deal Protection and gift wrap are not units).</dd>
        </div>
        <div>
          <dt className="inline font-bold">Visitors: </dt>
          <dd className="inline">
            distinct browsers that opened a page today with JavaScript on, counted once each by their visitor cookie. Browsers without JavaScript, most bots, and browsers that
            refuse cookies (each page counts again) make it an estimate, not a count of people.
          </dd>
        </div>
      </dl>
    </section>
  );
}
