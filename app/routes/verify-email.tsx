import { Form } from "react-router";
import { isAccountLinkUsable } from "../../modules/accounts/password-links";
import { verifyEmail } from "../../modules/accounts/email-verification";
import { ACCOUNT_ERRORS, ACCOUNT_MESSAGES } from "../../modules/accounts/errors";
import { checkRateLimit } from "../../server/security/rate-limits";
import { shownError } from "../../server/errors";
import { tokenLinkMeta } from "../accounts/meta";
import { formResult, formText, PRIVATE_PAGE_HEADERS, tooManyAttempts } from "../accounts/page.server";
import { AccountCard, AccountFormMessage, AccountSubmit } from "../components/AccountField";
import { CsrfField } from "../components/CsrfField";
import type { Route } from "./+types/verify-email";

const TITLE = "Verify your email address";

export const meta = tokenLinkMeta(TITLE);

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

/** Opening the link only shows a button: mail scanners that follow links verify nothing. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const usable = await isAccountLinkUsable(context.db, context.clock, token, "email_verify");
  return { csrfToken: context.session.csrfToken(), token, linkError: usable ? null : ACCOUNT_ERRORS.LINK_EXPIRED.message };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const limit = await checkRateLimit(context, "passwordLink");
  if (!limit.allowed) return tooManyAttempts(limit.retryAfterSeconds);
  try {
    await verifyEmail(context.db, context.clock, formText(form, "token"));
    return formResult({ success: ACCOUNT_MESSAGES.emailVerified });
  } catch (error) {
    const shown = shownError(error);
    return formResult({ formError: shown.message }, shown.status);
  }
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const error = actionData?.formError ?? (actionData?.success ? undefined : loaderData.linkError ?? undefined);
  return (
    <AccountCard title={TITLE}>
      <AccountFormMessage error={error} success={actionData?.success} />
      {actionData?.success || error ? (
        <a className="font-bold text-brand-dark underline" href="/myaccount">
          {actionData?.success ? "Go to My account" : "Get a new link in My account"}
        </a>
      ) : (
        <Form method="post">
          <CsrfField token={loaderData.csrfToken} />
          <input type="hidden" name="token" value={loaderData.token} />
          <p className="mb-4">Confirm that this email address is yours.</p>
          <AccountSubmit>Verify my email address</AccountSubmit>
        </Form>
      )}
    </AccountCard>
  );
}
