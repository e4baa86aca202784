import { Outlet } from "react-router";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { MerchantPortalNav } from "../../components/merchant/MerchantPortalNav";
import { requireMerchant } from "../../merchant/portal.server";
import type { Route } from "./+types/layout";

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

/** The merchant portal: only for signed-in merchant users (others go to /merchant/login and come back). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const merchant = await requireMerchant(context, request);
  return { merchantName: merchant.user.merchantName, userName: merchant.user.name, redeemOnly: merchant.user.role === "redeem_only", csrfToken: context.session.csrfToken() };
}

export default function MerchantPortal({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-6 md:flex-row">
      <MerchantPortalNav merchantName={loaderData.merchantName} userName={loaderData.userName} redeemOnly={loaderData.redeemOnly} csrfToken={loaderData.csrfToken} />
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
