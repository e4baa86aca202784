import { passwordLinkAction, passwordLinkLoader } from "../accounts/password-link-page.server";
import { tokenLinkMeta } from "../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../accounts/page.server";
import { AccountPasswordLinkForm } from "../components/AccountPasswordLinkForm";
import type { Route } from "./+types/activate-password";

const TITLE = "Set your password";

export const meta = tokenLinkMeta(TITLE);

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export function loader({ request, context }: Route.LoaderArgs) {
  return passwordLinkLoader("password_activate", request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return passwordLinkAction("password_activate", request, context);
}

export default function ActivatePassword({ loaderData, actionData }: Route.ComponentProps) {
  return <AccountPasswordLinkForm title={TITLE} loaderData={loaderData} actionData={actionData} />;
}
