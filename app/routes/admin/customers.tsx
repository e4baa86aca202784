import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { findShoppers, SHOPPER_MATCHES } from "../../../modules/customer-service/find-shoppers";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { requireAdminPage } from "../../admin/guard.server";
import { HeadingRow } from "../../components/HeadingRow";
import { RecordRow } from "../../components/admin/RecordRow";
import { TableScroller } from "../../components/TableScroller";
import type { Route } from "./+types/customers";

export const meta = accountMeta("Shoppers");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request, "admin/customers");
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 254);
  const found = await findShoppers(context.db, q);
  return {
    q,
    shoppers: found.map((shopper) => ({ ...shopper, joinedAt: shopper.joinedAt.toISOString().slice(0, 10) })),
  };
}

/** Customer service's search: one box for whatever the shopper gave (email, name, order, code, card, postcode). */
export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { q, shoppers } = loaderData;
  const summary = useRef<HTMLParagraphElement>(null);
  // New results: the focus goes to the sentence that says how many, right above them.
  useEffect(() => {
    if (q) summary.current?.focus();
  }, [q, shoppers]);
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">Shoppers</h1>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" aria-label="Find shoppers">
        <div className="flex flex-col">
          <label htmlFor="shopper-q" className="font-bold">
            Email, name, order number, voucher or gift card code, card's last four digits or postcode
          </label>
          <input id="shopper-q" type="search" name="q" defaultValue={q} maxLength={254} className="w-96 max-w-full rounded border border-gray-500 p-2" />
        </div>
        <button type="submit" className="rounded bg-brand px-4 py-2 font-bold text-white hover:bg-brand-dark">
          Find shoppers
        </button>
      </Form>
      {q && (
        <p ref={summary} tabIndex={-1} className="mb-2" data-testid="shoppers-summary">
          {shoppers.length === 0
            ? `No shopper matches “${q}”.`
            : `${shoppers.length}${shoppers.length === SHOPPER_MATCHES ? " or more" : ""} shopper${shoppers.length === 1 ? "" : "s"} match “${q}”.`}
        </p>
      )}
      {shoppers.length > 0 && (
        <TableScroller label="Shoppers found">
          <table className="w-full border-collapse bg-white text-sm">
            <caption className="sr-only">Shoppers found, closest matches first</caption>
            <thead>
              <HeadingRow headings={["Id", "Name", "Email", "Brand", "Postcode", "Joined", "Matched by"]} />
            </thead>
            <tbody>
              {shoppers.map((shopper) => (
                <RecordRow
                  key={shopper.id}
                  id={shopper.id}
                  href={`/admin/customers/${shopper.id}`}
                  name={shopper.deleted ? "Deleted account" : shopper.name || "(no name)"}
                  testId="shopper-row"
                >
                  <td className="p-2">{shopper.email}</td>
                  <td className="p-2">{shopper.brand}</td>
                  <td className="p-2">{shopper.postcode ?? "–"}</td>
                  <td className="p-2">{shopper.joinedAt}</td>
                  <td className="p-2">{shopper.matchedBy.join(", ")}</td>
                </RecordRow>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
    </section>
  );
}
