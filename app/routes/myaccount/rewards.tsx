import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { type Currency, formatBalance, formatMoney } from "../../../lib/money";
import {
  ACTIVITY_RULES,
  CLUB_LEVELS,
  EXCHANGED_CREDIT_TYPE,
  exchangeRangeMessage,
  exchangeValue,
  NOT_ENOUGH_POINTS_MESSAGE,
  PINK_LEVEL_MESSAGE,
  POINTS_VALIDITY_MONTHS,
  PURCHASE_POINTS_DELAY_DAYS,
  PURCHASE_POINTS_PER_UNIT,
} from "../../../modules/loyalty/levels";
import { marketingCreditLimitText } from "../../../modules/wallet/plan-wallet-use";
import { requireCustomer } from "../../../server/accounts/redirects";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { CsrfField } from "../../components/CsrfField";
import { ErrorSummary } from "../../components/ErrorSummary";
import { FIELD_INPUT_CLASS } from "../../components/LabelledField";
import { Pagination } from "../../components/Pagination";
import { exchangeFromForm, loadClubPage } from "../../accounts/club-page.server";
import type { Route } from "./+types/rewards";
import { DataTable } from "../../components/DataTable";

export const meta = accountMeta("Club");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

/** The Club page (spec §2 /myaccount/rewards): level, points, activity, and the exchange for wallet credit. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadClubPage(context, requireCustomer(context, request), request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return exchangeFromForm(context, requireCustomer(context, request), request);
}

const POINTS_FIELD = "club-points";

/** What exchanged points become: marketing credit, with its limit from the rule checkout applies. */
function exchangedCreditTerms(currency: Currency): string {
  return `Points you exchange arrive in your wallet as ${EXCHANGED_CREDIT_TYPE} credit: it ${marketingCreditLimitText(currency)}, and can't be exchanged for cash.`;
}
const points = (n: number) => `${n.toLocaleString("en-GB")} ${Math.abs(n) === 1 ? "point" : "points"}`;
const signedPoints = (n: number) => (n > 0 ? `+${n.toLocaleString("en-GB")}` : n.toLocaleString("en-GB"));

/** "1p", "1.25p": what one point is worth, in the brand's currency. */
function pointValue(minorPer10kPoints: number, currency: Currency): string {
  const minor = minorPer10kPoints / 10_000;
  const text = Number.isInteger(minor) ? String(minor) : minor.toFixed(2).replace(/0$/, "");
  return currency === "EUR" ? `${text}c` : `${text}p`;
}

export default function Club({ loaderData, actionData }: Route.ComponentProps) {
  const { summary, currency, timeZone } = loaderData;
  const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone });
  const when = (iso: string) => <time dateTime={iso}>{dateFormat.format(new Date(iso))}</time>;
  return (
    <section className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <h1 className="mb-4 text-2xl font-bold">Club</h1>

      <div className="mb-6 rounded-lg bg-gray-50 p-4 ring-1 ring-gray-200">
        <p className="text-lg">
          Your level: <strong data-testid="club-level">{summary.currentLevel}</strong>
        </p>
        <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-gray-700">Current points</dt>
            <dd className="text-xl font-bold" data-testid="club-current-points">
              {summary.currentPoints.toLocaleString("en-GB")}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-gray-700">Lifetime points</dt>
            <dd className="text-xl font-bold" data-testid="club-lifetime-points">
              {summary.lifetimePoints.toLocaleString("en-GB")}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-gray-700">Points to next level</dt>
            <dd className="font-bold" data-testid="club-next-level">
              {summary.nextLevel ? `${points(summary.pointsToNextLevel)} to ${summary.nextLevel}` : "You have reached the top level"}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-gray-700">Exchange rate</dt>
            <dd className="font-bold">{summary.canExchange ? `1 point = ${pointValue(summary.minorPer10kPoints, currency)} of wallet credit` : "From Bronze level"}</dd>
          </div>
        </dl>
        {summary.expiresNext && (
          <p className="mt-3 text-sm">
            {points(summary.expiresNext.points)} expire on {when(summary.expiresNext.at)}.
          </p>
        )}
      </div>

      <ExchangeSection key={loaderData.requestId} loaderData={loaderData} actionData={actionData} />

      <h2 className="mt-8 mb-2 text-lg font-bold">Your activity</h2>
      {summary.activity.entries.length === 0 ? (
        <p>Nothing yet. Points arrive {PURCHASE_POINTS_DELAY_DAYS} days after you buy a deal, and when you share or view deals while signed in.</p>
      ) : (
        <DataTable look="account" caption={`Your Club activity, newest first (page ${summary.activity.page} of ${summary.activity.pageCount})`} columns={["Date", "Activity", "Points", "Expires", "Left"]} testId="club-activity">
          {summary.activity.entries.map((entry) => (
            <tr key={entry.id} className="border-b border-gray-200 align-top" data-testid="club-entry">
              <td className="py-2 pr-3 whitespace-nowrap">{when(entry.createdAt)}</td>
              <td className="py-2 pr-3">
                {entry.description}
                <span className="block text-xs text-gray-700">{entry.kindLabel}</span>
                {entry.voucherId !== null && (
                  <Link to={`/myaccount/vouchers/${entry.voucherId}`} className="block font-bold text-brand-dark underline">
                    Voucher<span className="sr-only"> for {entry.description}</span>
                  </Link>
                )}
              </td>
              <td className={`py-2 pr-3 font-bold whitespace-nowrap ${entry.points < 0 ? "text-alert" : "text-green-800"}`}>{signedPoints(entry.points)}</td>
              <td className="py-2 pr-3 whitespace-nowrap">{entry.expiresAt ? when(entry.expiresAt) : ""}</td>
              <td className="py-2 whitespace-nowrap">{entry.remaining === null ? "" : entry.remaining.toLocaleString("en-GB")}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pagination basePath="/myaccount/rewards" page={summary.activity.page} pageCount={summary.activity.pageCount} />

      <h2 className="mt-8 mb-2 text-lg font-bold">How the Club works</h2>
      <ul className="list-inside list-disc space-y-1">
        <li>
          Every {currency === "EUR" ? "€1" : "£1"} you pay for a deal earns {points(PURCHASE_POINTS_PER_UNIT)}, {PURCHASE_POINTS_DELAY_DAYS} days after you buy it (not for vouchers
          refunded or exchanged for credit by then).
        </li>
        <li>
          Viewing a deal earns {points(ACTIVITY_RULES.view.points)} (once a day per deal, up to {ACTIVITY_RULES.view.perDay} a day); sharing one earns{" "}
          {points(ACTIVITY_RULES.share.points)} (once per deal, up to {ACTIVITY_RULES.share.perDay} a day). Today you have earned {points(summary.activityPointsToday)} of{" "}
          {summary.activityPointsPerDay} this way.
        </li>
        <li>Points are valid for {POINTS_VALIDITY_MONTHS} months; we use the ones that expire first.</li>
        <li>Your level goes by the points you have ever earned, and never goes down. From Bronze you can exchange points for wallet credit.</li>
        <li data-testid="club-credit-terms">{exchangedCreditTerms(currency)}</li>
      </ul>
      <table className="mt-4 text-left text-sm">
        <caption className="mb-1 text-left font-bold">Club levels</caption>
        <thead>
          <tr className="border-b border-gray-300">
            <th scope="col" className="py-1 pr-4">Level</th>
            <th scope="col" className="py-1 pr-4">Lifetime points</th>
            <th scope="col" className="py-1">100 points are worth</th>
          </tr>
        </thead>
        <tbody>
          {CLUB_LEVELS.map((level) => (
            <tr key={level.level} className="border-b border-gray-200">
              <th scope="row" className="py-1 pr-4">{level.level}</th>
              <td className="py-1 pr-4">{level.from === 0 ? "From the start" : `${level.from.toLocaleString("en-GB")} or more`}</td>
              <td className="py-1">{level.minorPer10kPoints === 0 ? "Not exchangeable" : formatMoney(exchangeValue(100, level.minorPer10kPoints), currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The exchange: the Pink message, 'You don't have enough points', or the form with its range and value. */
function ExchangeSection({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { summary, currency } = loaderData;
  const busy = useNavigation().state === "submitting";
  const error = actionData?.error;
  const [typed, setTyped] = useState(actionData?.exchanged ? "" : (actionData?.points ?? ""));
  const max = summary.maxExchangeablePoints;
  const wanted = /^\d{1,9}$/.test(typed) ? Number(typed) : null;
  const worth = wanted !== null && wanted >= 1 && wanted <= max ? formatBalance(exchangeValue(wanted, summary.minorPer10kPoints), currency) : null;
  return (
    <>
      <h2 className="mb-2 text-lg font-bold">Exchange your points for wallet credit</h2>
      {actionData?.exchanged && (
        <div role="status" className="mb-4 rounded border border-green-700 bg-green-50 px-3 py-2" data-testid="club-exchanged">
          <p className="font-bold text-green-800">
            {`You exchanged ${points(actionData.exchanged.points)} for ${actionData.exchanged.credit} of wallet credit.`}
          </p>
          <p>
            <Link to="/myaccount/wallet" className="font-bold text-brand-dark underline">
              See your wallet
            </Link>
          </p>
        </div>
      )}
      {!summary.canExchange ? (
        <p className="rounded border border-gray-300 p-3" data-testid="club-exchange-unavailable">
          {PINK_LEVEL_MESSAGE} {summary.nextLevel && `You need ${points(summary.pointsToNextLevel)} more to reach ${summary.nextLevel}.`}
        </p>
      ) : max === 0 ? (
        <p className="rounded border border-gray-300 p-3" data-testid="club-exchange-unavailable">
          {NOT_ENOUGH_POINTS_MESSAGE}
        </p>
      ) : (
        <>
          <ErrorSummary errors={error ? [{ fieldId: POINTS_FIELD, message: error }] : []} />
          <Form method="post" noValidate className="max-w-md">
            <CsrfField token={loaderData.csrfToken} />
            <input type="hidden" name="requestId" value={loaderData.requestId} />
            <label htmlFor={POINTS_FIELD} className="mb-1 block font-bold">
              Points to exchange
            </label>
            <p id={`${POINTS_FIELD}-hint`} className="mb-2 text-sm text-gray-700">
              {exchangeRangeMessage(max)} {exchangedCreditTerms(currency)}
            </p>
            <input
              id={POINTS_FIELD}
              name="points"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
              maxLength={9}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${POINTS_FIELD}-hint ${POINTS_FIELD}-worth${error ? ` ${POINTS_FIELD}-error` : ""}`}
              className={`${FIELD_INPUT_CLASS} max-w-48`}
            />
            {error && (
              <p id={`${POINTS_FIELD}-error`} className="mt-1 text-sm font-bold text-alert">
                {error}
              </p>
            )}
            <p id={`${POINTS_FIELD}-worth`} aria-live="polite" className="mt-2 text-sm">
              {worth ? `Worth ${worth} of wallet credit.` : `All ${points(max)} are worth ${formatBalance(exchangeValue(max, summary.minorPer10kPoints), currency)}.`}
            </p>
            <button type="submit" disabled={busy} className="mt-4 rounded bg-brand px-5 py-3 font-bold text-white hover:bg-brand-dark disabled:opacity-70">
              Exchange points
            </button>
          </Form>
        </>
      )}
    </>
  );
}
