import { redirect } from "react-router";
import { PORTAL_HOME, PORTAL_LOGIN } from "../../merchant/portal.server";
import { signOutMerchant } from "../../../server/merchants/merchant-session";
import type { Route } from "./+types/logout";

/** Signing out of the portal ends its session only (a shopper's session on this browser stays). */
export async function action({ context }: Route.ActionArgs) {
  await signOutMerchant(context);
  return redirect(PORTAL_LOGIN);
}

export function loader() {
  return redirect(PORTAL_HOME);
}
