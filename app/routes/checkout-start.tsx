import { data, Form, Link, redirect, useNavigation } from "react-router";
import { BasketError } from "../../modules/basket/errors";
import { findSellableProducts } from "../../modules/catalog/sellable-products";
import { formatMoney } from "../../lib/money";
import { buyNow, currentBasket } from "../../server/buying/shop-basket";
import { BUY_NOW_TRAVEL_FIELDS, parseBuyNow } from "../../server/buying/buy-now-form";
import { PRIVATE_PAGE_HEADERS } from "../accounts/page.server";
import { AccountFormMessage } from "../components/AccountField";
import { CsrfField } from "../components/CsrfField";
import type { Route } from "./+types/checkout-start";
import { shownError } from "../../server/errors";
import { titleMeta } from "../seo";

export function meta({ matches }: Route.MetaArgs) {
  return titleMeta("Your basket", matches);
}

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

/**
 * /checkout without a basket token. With a deal and product in the query it is the no-JavaScript
 * step of "Buy now" (the deal page is cached for everyone, so it cannot carry this visitor's CSRF
 * token): one more button that posts with the token. Otherwise it continues to the visitor's
 * basket, or says the basket is empty.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (url.searchParams.has("dealId")) {
    const parsed = parseBuyNow((name) => url.searchParams.get(name));
    if (!parsed.ok) return { kind: "problem" as const, message: parsed.message };
    const [product] = await findSellableProducts(context.db, [parsed.request.productId]);
    if (!product || product.deal.id !== parsed.request.dealId) return { kind: "problem" as const, message: new BasketError("ITEM_UNAVAILABLE").message };
    return {
      kind: "confirm" as const,
      csrfToken: context.session.csrfToken(),
      request: parsed.request,
      // A travel stay's fields ride along to the confirm step's post.
      travelQuery: new URLSearchParams(BUY_NOW_TRAVEL_FIELDS.flatMap((name) => (url.searchParams.get(name) ? [[name, url.searchParams.get(name)!]] : []))).toString(),
      product: { headline: product.deal.headline, name: product.friendlyName, price: formatMoney(product.price, product.deal.currency), dealUrl: product.deal.urlPath },
    };
  }
  const basket = await currentBasket(context, context.buying);
  if (basket) throw redirect(`/checkout/${basket.token}`);
  return { kind: "empty" as const };
}

/** Buy now: the product goes in the basket (stock held), then on to /checkout/{basketToken}. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = parseBuyNow((name) => form.get(name));
  if (!parsed.ok) return data({ error: parsed.message }, { status: 400 });
  try {
    const token = await buyNow(context, context.buying, parsed.request);
    return redirect(`/checkout/${token}`);
  } catch (error) {
    const shown = shownError(error);
    return data({ error: shown.message }, { status: shown.status });
  }
}

export default function CheckoutStart({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <section className="mx-auto max-w-lg rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <h1 className="mb-4 text-2xl font-bold">Your basket</h1>
      <AccountFormMessage error={actionData?.error ?? (loaderData.kind === "problem" ? loaderData.message : undefined)} />
      {loaderData.kind === "confirm" && (
        <Form method="post" className="flex flex-col gap-4">
          <CsrfField token={loaderData.csrfToken} />
          <input type="hidden" name="dealId" value={loaderData.request.dealId} />
          <input type="hidden" name="productId" value={loaderData.request.productId} />
          <input type="hidden" name="quantity" value={loaderData.request.quantity} />
          {BUY_NOW_TRAVEL_FIELDS.map((name) => {
            const value = new URLSearchParams(loaderData.travelQuery).get(name);
            return value ? <input key={name} type="hidden" name={name} value={value} /> : null;
          })}
          <p>
            <span className="font-bold">{loaderData.product.headline}</span>
            <br />
            {loaderData.product.name}: {loaderData.product.price}
          </p>
          <button type="submit" disabled={busy} className="rounded bg-brand px-5 py-3 font-bold text-white hover:bg-brand-dark disabled:opacity-70">
            Add to basket and check out
          </button>
          <Link to={loaderData.product.dealUrl} className="text-brand-dark underline">
            Back to the deal
          </Link>
        </Form>
      )}
      {loaderData.kind !== "confirm" && (
        <p>
          {loaderData.kind === "empty" ? "Your basket is empty. " : ""}
          <Link to="/" className="font-bold text-brand-dark underline">
            Browse today's deals
          </Link>
        </p>
      )}
    </section>
  );
}
