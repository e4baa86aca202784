import { data, Form, Link, redirect, useNavigation } from "react-router";
import { putVipInBasket } from "../../server/buying/vip-join";
import { shownError } from "../../server/errors";
import { PRIVATE_PAGE_HEADERS } from "../accounts/page.server";
import { AccountFormMessage } from "../components/AccountField";
import { CsrfField } from "../components/CsrfField";
import { useBrandCurrency, VIP_HUB_PATH, VIP_TERMS_PATH } from "../vip/vip-offer";
import type { Route } from "./+types/vip-join";
import { titleMeta } from "../seo";
import { vipAddonTerms } from "../../modules/vip/vip-terms";

export function meta({ matches }: Route.MetaArgs) {
  return titleMeta("Join VIP", matches);
}

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

/**
 * /vip/join: the VIP hub's "Join VIP" lands here (the hub is a shared page and cannot carry this
 * visitor's CSRF token). The price and renewal terms are repeated, and the shopper presses one
 * unticked-by-default button to put the VIP year in their basket; they pay at checkout.
 */
export function loader({ context }: Route.LoaderArgs) {
  return { member: context.customer?.vipUser ?? false, csrfToken: context.session.csrfToken() };
}

export async function action({ context }: Route.ActionArgs) {
  if (context.customer?.vipUser) throw redirect(VIP_HUB_PATH);
  try {
    const token = await putVipInBasket(context, context.buying);
    return redirect(`/checkout/${token}`);
  } catch (error) {
    const shown = shownError(error);
    return data({ error: shown.message }, { status: shown.status });
  }
}

export default function VipJoin({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const currency = useBrandCurrency();
  return (
    <section className="mx-auto max-w-lg rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <h1 className="mb-4 text-2xl font-bold">Join VIP</h1>
      {loaderData.member ? (
        <p>
          You're already a VIP member.{" "}
          <Link to={VIP_HUB_PATH} className="font-bold text-brand-dark underline">
            Back to the VIP Hub
          </Link>
        </p>
      ) : (
        <>
          <AccountFormMessage error={actionData?.error} />
          <p className="mb-3">VIP prices on deals that show one, VIP-only options, early access to new deals and priority help.</p>
          <p className="mb-3 font-bold" data-testid="vip-terms">
            {vipAddonTerms(currency)}
          </p>
          <p className="mb-4">
            You pay for your first year at checkout, with or without other deals in your basket. Read the{" "}
            <Link to={VIP_TERMS_PATH} className="font-bold text-brand-dark underline">
              VIP terms and conditions
            </Link>
            .
          </p>
          <Form method="post">
            <CsrfField token={loaderData.csrfToken} />
            <button type="submit" disabled={busy} className="w-full rounded bg-brand px-5 py-3 font-bold text-white hover:bg-brand-dark disabled:opacity-70">
              Add VIP membership to my basket
            </button>
          </Form>
          <p className="mt-4">
            <Link to={VIP_HUB_PATH} className="text-brand-dark underline">
              Not now, back to the VIP Hub
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
