import { Form, redirect } from "react-router";
import { signOut } from "../../server/accounts/sign-in";
import { accountMeta } from "../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../accounts/page.server";
import { AccountCard, AccountSubmit } from "../components/AccountField";
import { CsrfField } from "../components/CsrfField";
import type { Route } from "./+types/logout";

export const meta = accountMeta("Sign out");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export function loader({ context }: Route.LoaderArgs) {
  return { csrfToken: context.session.csrfToken(), signedIn: context.customer !== null };
}

/** Signing out revokes the session in the database, then shows the brand's home page. */
export async function action({ context }: Route.ActionArgs) {
  await signOut(context);
  return redirect("/");
}

export default function Logout({ loaderData }: Route.ComponentProps) {
  return (
    <AccountCard title="Sign out">
      {loaderData.signedIn ? (
        <Form method="post">
          <CsrfField token={loaderData.csrfToken} />
          <AccountSubmit>Sign out</AccountSubmit>
        </Form>
      ) : (
        <p>
          You are signed out.{" "}
          <a className="font-bold text-brand-dark underline" href="/login">
            Log in
          </a>
        </p>
      )}
    </AccountCard>
  );
}
