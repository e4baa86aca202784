import { Form, useActionData } from "react-router";
import type { CountryCode } from "../../../lib/brand";
import { listNavigationForStaff } from "../../../modules/catalog/navigation-editing";
import { navigationAction } from "../../admin/navigation.server";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { requireAdminPage } from "../../admin/guard.server";
import { AccountFormMessage } from "../../components/AccountField";
import { ErrorSummary } from "../../components/ErrorSummary";
import { MoveButtons, useFocusFollowsMove } from "../../components/admin/MoveButtons";
import { CsrfField } from "../../components/CsrfField";
import type { Route } from "./+types/navigation";

export const meta = accountMeta("Navigation");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

const MARKETS: { value: CountryCode; label: string }[] = [
  { value: "GB", label: "United Kingdom" },
  { value: "IE", label: "Ireland" },
];

const marketOf = (asked: unknown, fallback: CountryCode): CountryCode => MARKETS.find((market) => market.value === asked)?.value ?? fallback;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request, "admin/navigation");
  const market = marketOf(new URL(request.url).searchParams.get("market"), context.brand.countryCode);
  return { csrfToken: context.session.csrfToken(), market, items: await listNavigationForStaff(context.db, market) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireAdminPage(context, request, "admin/navigation");
  const form = await request.formData();
  return navigationAction(context, actor, marketOf(form.get("market"), context.brand.countryCode), form);
}

const BUTTON = "rounded border border-gray-500 bg-white px-3 py-1 font-bold";

export default function AdminNavigation({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const { items, market, csrfToken } = loaderData;
  useFocusFollowsMove(result?.focus, items);
  const errors = Object.entries(result?.fieldErrors ?? {}).map(([field, message]) => ({ fieldId: `nav-${field}`, message }));
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">Navigation</h1>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" aria-label="Choose the market">
        <label className="flex flex-col">
          Market
          <select name="market" defaultValue={market} className="rounded border border-gray-500 p-2">
            {MARKETS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded bg-brand px-4 py-2 font-bold text-white hover:bg-brand-dark">
          Show its navigation
        </button>
      </Form>
      <ErrorSummary errors={errors} attempt={result} />
      <AccountFormMessage error={result?.formError} success={result?.success} />
      <section aria-labelledby="header-preview" className="mb-6 rounded-lg bg-white p-4 ring-1 ring-gray-200" data-testid="navigation-preview">
        <h2 id="header-preview" className="mb-2 text-sm font-bold uppercase text-gray-700">
          Preview: the header's order
        </h2>
        <ol className="flex flex-wrap gap-4 font-bold">
          {items
            .filter((item) => !item.hidden)
            .map((item) => (
              <li key={item.id}>{item.linkText}</li>
            ))}
        </ol>
      </section>
      {items.length === 0 ? (
        <p>This market has no navigation items.</p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label="Navigation items in order">
          {items.map((item, index) => {
            const field = `linkText-${item.id}`;
            const error = result?.fieldErrors?.[field];
            return (
              <li key={item.id} className="flex flex-wrap items-end gap-3 rounded-lg bg-white p-3 ring-1 ring-gray-200" data-testid="navigation-row">
                <p className="w-10 font-bold">{index + 1}.</p>
                {item.hidden && <p className="rounded bg-gray-200 px-2 py-1 text-sm font-bold">Hidden</p>}
                <Form method="post" className="flex flex-wrap items-end gap-2" noValidate>
                  <CsrfField token={csrfToken} />
                  <input type="hidden" name="id" value={item.id} />
                  <input type="hidden" name="market" value={market} />
                  <div className="flex flex-col">
                    <label htmlFor={`nav-${field}`}>Name in the header ({item.url})</label>
                    <input
                      id={`nav-${field}`}
                      name="linkText"
                      defaultValue={result?.values?.[field] ?? item.linkText}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `nav-${field}-error` : undefined}
                      className="w-64 rounded border border-gray-500 p-2"
                    />
                    {error && (
                      <p id={`nav-${field}-error`} className="text-alert">
                        {error}
                      </p>
                    )}
                  </div>
                  <button type="submit" name="intent" value="rename" className={BUTTON} aria-label={`Rename ${item.linkText}`}>
                    Rename
                  </button>
                </Form>
                <Form method="post" className="flex flex-wrap gap-2">
                  <CsrfField token={csrfToken} />
                  <input type="hidden" name="id" value={item.id} />
                  <input type="hidden" name="market" value={market} />
                  <MoveButtons item={String(item.id)} label={item.linkText} first={index === 0} last={index === items.length - 1} />
                </Form>
                <Form method="post">
                  <CsrfField token={csrfToken} />
                  <input type="hidden" name="id" value={item.id} />
                  <input type="hidden" name="market" value={market} />
                  <button
                    type="submit"
                    name="intent"
                    value={item.hidden ? "show" : "hide"}
                    className={BUTTON}
                    data-move-item={String(item.id)}
                    aria-label={`${item.hidden ? "Show" : "Hide"} ${item.linkText} ${item.hidden ? "in" : "from"} the header`}
                  >
                    {item.hidden ? "Show in header" : "Hide from header"}
                  </button>
                </Form>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
