import type { PasswordLinkPurpose } from "../../modules/accounts/schema";
import { passwordLinkAction, passwordLinkLoader } from "../accounts/password-link-page.server";
import { tokenLinkMeta } from "../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../accounts/page.server";
import { AccountPasswordLinkForm } from "../components/AccountPasswordLinkForm";
import type { Route } from "./+types/password-link";

/** One page for both emailed password links (app/routes.ts serves it at /reset-password and /activate-password). */
const TITLES: Record<PasswordLinkPurpose, string> = {
  password_reset: "Choose a new password",
  password_activate: "Set your password",
};

export const meta: Route.MetaFunction = (args) => tokenLinkMeta(args.loaderData ? TITLES[args.loaderData.purpose] : "Choose a password")(args);

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export function loader({ request, context }: Route.LoaderArgs) {
  return passwordLinkLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return passwordLinkAction(request, context);
}

export default function PasswordLink({ loaderData, actionData }: Route.ComponentProps) {
  return <AccountPasswordLinkForm title={TITLES[loaderData.purpose]} loaderData={loaderData} actionData={actionData} />;
}
