import { Form } from "react-router";
import { ACCOUNT_ERRORS, ACCOUNT_MESSAGES } from "../../modules/accounts/errors";
import { unsubscribeByToken } from "../../modules/accounts/newsletter";
import { accountMeta } from "../accounts/meta";
import { formResult, formText, PRIVATE_PAGE_HEADERS } from "../accounts/page.server";
import { AccountCard, AccountFormMessage, AccountSubmit } from "../components/AccountField";
import { CsrfField } from "../components/CsrfField";
import type { Route } from "./+types/unsubscribe";
import { shownError } from "../../server/errors";

export const meta = accountMeta("Unsubscribe");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export function loader({ request, context }: Route.LoaderArgs) {
  return { csrfToken: context.session.csrfToken(), token: new URL(request.url).searchParams.get("token") ?? "" };
}

/** Unsubscribing takes a click: mail scanners that open links must not unsubscribe anyone. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    await unsubscribeByToken(context.db, context.clock, formText(form, "token"));
    return formResult({ success: ACCOUNT_MESSAGES.unsubscribed });
  } catch (error) {
    const shown = shownError(error);
    return formResult({ formError: shown.message }, shown.status);
  }
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const missing = !loaderData.token.trim();
  return (
    <AccountCard title="Unsubscribe">
      <AccountFormMessage error={actionData?.formError ?? (missing ? ACCOUNT_ERRORS.UNSUBSCRIBE_TOKEN_MISSING.message : undefined)} success={actionData?.success} />
      {!missing && !actionData?.success && (
        <Form method="post">
          <CsrfField token={loaderData.csrfToken} />
          <input type="hidden" name="token" value={loaderData.token} />
          <p className="mb-4">Stop receiving our deals by email?</p>
          <AccountSubmit>Unsubscribe</AccountSubmit>
        </Form>
      )}
    </AccountCard>
  );
}
