import { Form, useRouteLoaderData, useSearchParams } from "react-router";
import { findActiveCustomer } from "../../../modules/accounts/customers";
import { requestVerificationLink } from "../../../modules/accounts/email-verification";
import { ACCOUNT_MESSAGES } from "../../../modules/accounts/errors";
import { requireCustomer } from "../../../server/accounts/redirects";
import { checkRateLimit } from "../../../server/security/rate-limits";
import { accountMeta } from "../../accounts/meta";
import { formResult, tooManyAttempts } from "../../accounts/page.server";
import { AccountFormMessage, AccountSubmit } from "../../components/AccountField";
import { CsrfField } from "../../components/CsrfField";
import type { loader as accountLoader } from "./layout";
import type { Route } from "./+types/index";

export const meta = accountMeta("My account");

/** The address still to verify, if any (an unverified account can do everything; it is reminded). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = await findActiveCustomer(context.db, requireCustomer(context, request).id);
  return { emailToVerify: customer && !customer.emailVerifiedAt ? customer.email : null };
}

/** "Send a new link": limited like password-reset requests (it sends mail too). */
export async function action({ request, context }: Route.ActionArgs) {
  const customer = requireCustomer(context, request);
  const limit = await checkRateLimit(context, "passwordResetRequest", customer.email);
  if (!limit.allowed) return tooManyAttempts(limit.retryAfterSeconds);
  const sent = await requestVerificationLink(context.db, context.clock, { customerId: customer.id, linkOrigin: context.publicOrigin });
  return formResult({ success: sent ? ACCOUNT_MESSAGES.verificationSent : ACCOUNT_MESSAGES.emailVerified });
}

export default function MyAccountHome({ loaderData, actionData }: Route.ComponentProps) {
  const account = useRouteLoaderData<typeof accountLoader>("routes/myaccount/layout");
  const [params] = useSearchParams();
  return (
    <section className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <h1 className="mb-4 text-2xl font-bold">My account</h1>
      {params.get("registered") === "1" && <AccountFormMessage success={ACCOUNT_MESSAGES.registered} />}
      <p>
        Welcome{account ? `, ${account.firstName}` : ""}! From here you can see your vouchers, keep your details up to date and manage your
        subscriptions.
      </p>
      {loaderData.emailToVerify && (
        <section aria-labelledby="verify-email-title" className="mt-4 rounded bg-gray-100 p-3" data-testid="verify-email-reminder">
          <h2 id="verify-email-title" className="font-bold">
            Please verify your email address
          </h2>
          <p className="mb-3">
            We sent a link to <strong>{loaderData.emailToVerify}</strong>. Your account works in full meanwhile; verifying makes sure your vouchers and
            password resets reach you.
          </p>
          <AccountFormMessage error={actionData?.formError} success={actionData?.success} />
          <Form method="post">
            <CsrfField token={account?.csrfToken ?? ""} />
            <AccountSubmit>Send a new link</AccountSubmit>
          </Form>
        </section>
      )}
      {account?.vipUser && (
        <p className="mt-4 rounded bg-gray-100 p-3" data-testid="vip-member">
          <span className="font-bold">You're a VIP member.</span> VIP prices are yours on every deal that has them.
        </p>
      )}
      <p className="mt-4">
        <a className="font-bold text-brand-dark underline" href="/wishlist">
          Your wish list
        </a>{" "}
        ·{" "}
        <a className="font-bold text-brand-dark underline" href="/recently-viewed">
          Recently viewed deals
        </a>
      </p>
    </section>
  );
}
