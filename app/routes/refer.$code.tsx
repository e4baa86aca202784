import { data, Form, Link, redirect, useNavigation } from "react-router";
import { formatMoney } from "../../lib/money";
import { typedReferralCode } from "../../modules/referrals/referral-codes";
import { REFERRAL_REFUND_WINDOW_DAYS } from "../../modules/referrals/first-order";
import { REFERRAL_REWARD_AMOUNT } from "../../modules/referrals/reward-referrals";
import { REFERRAL_COOKIE, REFERRAL_COOKIE_DAYS, openReferralLink } from "../../server/referrals/referral-link";
import { DAY_SECONDS } from "../../server/security/cookies";
import { accountMeta } from "../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../accounts/page.server";
import { registerFromForm } from "../accounts/sign-in-forms.server";
import { AccountFormMessage, AccountSubmit } from "../components/AccountField";
import { RegistrationFields, registrationFieldList, SignInErrorSummary } from "../components/AccountSignInFields";
import { CsrfField } from "../components/CsrfField";
import { PageHeading } from "../components/PageHeading";
import type { Route } from "./+types/refer.$code";

export const meta = accountMeta("You're invited");

/** Personal (it sets the referral cookie and counts an open): never cached; a 429 says when to come back. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const retryAfter = loaderHeaders.get("Retry-After");
  return retryAfter ? { ...PRIVATE_PAGE_HEADERS, "Retry-After": retryAfter } : PRIVATE_PAGE_HEADERS;
}

/**
 * A friend's invitation link (/refer/{code}; docs/decisions/refer-a-friend.md). A visitor who is
 * not signed in is invited to sign up: the open is counted and the code kept in the referral
 * cookie, so signing up here, on /register or at checkout makes them the friend's referral. A
 * signed-in customer is told existing customers cannot be referred (or that it is their own link).
 * Unknown codes get a clear 404 page and count against a guessing limit.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const opened = await openReferralLink(context, params.code ?? "");
  const common = {
    brandName: context.brand.displayName,
    reward: formatMoney(REFERRAL_REWARD_AMOUNT, context.brand.currency),
    refundWindowDays: REFERRAL_REFUND_WINDOW_DAYS,
    csrfToken: context.session.csrfToken(),
  };
  if (opened.kind === "failed") {
    const { failure } = opened;
    const headers = failure.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(failure.retryAfterSeconds) };
    return data({ ...common, kind: "failed" as const, status: failure.status, message: failure.message, referrerFirstName: "" }, { status: failure.status, headers });
  }
  return data({ ...common, ...opened, status: 200, message: "", referrerFirstName: opened.kind === "own" ? "" : opened.referrerFirstName });
}

/** Signing up on the invitation page: the code travels with the address too, whatever became of the cookie. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const code = typedReferralCode(params.code);
  if (code !== null && !context.customer) context.cookies.set(REFERRAL_COOKIE, code, { maxAgeSeconds: REFERRAL_COOKIE_DAYS * DAY_SECONDS });
  const outcome = await registerFromForm(context, await request.formData());
  if (!outcome.ok) return outcome.response;
  return redirect("/myaccount?registered=1");
}

const LINK_CLASS = "font-bold text-brand-dark underline";
const PRIMARY_CLASS = "inline-block rounded bg-brand px-5 py-3 font-bold text-white hover:bg-brand-dark focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-yellow-400";

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto max-w-xl rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <PageHeading className="mb-4 text-2xl font-bold">{title}</PageHeading>
      {children}
    </section>
  );
}

export default function ReferralInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { brandName, reward, referrerFirstName } = loaderData;
  const friend = referrerFirstName || "Your friend";

  if (loaderData.kind === "failed") {
    const limited = loaderData.status === 429;
    return (
      <Card title={limited ? "Too many invitation links tried" : "This invitation link isn't recognised"}>
        <p role="alert" className="mb-4">
          {loaderData.message}
        </p>
        <p className="flex flex-wrap gap-4">
          <Link to="/" className={LINK_CLASS}>
            See today's deals
          </Link>
          <Link to="/register" className={LINK_CLASS}>
            Create an account
          </Link>
        </p>
      </Card>
    );
  }

  if (loaderData.kind === "own") {
    return (
      <Card title="This is your own invitation link">
        <p className="mb-4">
          Share it with friends who are new to {brandName}: when one signs up through it and buys their first deal, you earn {reward} wallet credit once their order's refund
          period has passed.
        </p>
        <Link to="/myaccount/refer-a-friend" className={PRIMARY_CLASS}>
          Go to Refer a Friend
        </Link>
      </Card>
    );
  }

  if (loaderData.kind === "existing") {
    return (
      <Card title="You already have an account">
        <p className="mb-4">
          {friend}'s invitation is for people new to {brandName}. Existing customers cannot be referred, but you can invite your own friends and earn {reward} wallet credit for
          each new customer who buys their first deal.
        </p>
        <Link to="/myaccount/refer-a-friend" className={PRIMARY_CLASS}>
          Invite your friends
        </Link>
      </Card>
    );
  }

  return (
    <Card title={`${friend} has invited you to ${brandName}`}>
      <p className="mb-2">Create your free account to discover deals on things to do, places to eat and getaways near you.</p>
      <p className="mb-6">
        When you buy your first deal, {friend} gets {reward} wallet credit as a thank-you for inviting you, once your order's {`${loaderData.refundWindowDays}-day`} refund period has passed.
      </p>
      <h2 className="mb-4 text-lg font-bold">Sign up</h2>
      <SignInErrorSummary result={actionData} fields={registrationFieldList("register")} />
      <AccountFormMessage error={actionData?.formError} />
      <Form method="post" noValidate>
        <CsrfField token={loaderData.csrfToken} />
        <RegistrationFields result={actionData} idPrefix="register" />
        <AccountSubmit busy={busy}>Create account</AccountSubmit>
      </Form>
      <p className="mt-4">
        Already have an account?{" "}
        <Link to="/login" className={LINK_CLASS}>
          Log in
        </Link>
        . Existing customers cannot be referred, but you can invite your own friends from Refer a Friend in your account.
      </p>
    </Card>
  );
}
