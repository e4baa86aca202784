import { useRouteLoaderData, useSearchParams } from "react-router";
import { ACCOUNT_MESSAGES } from "../../modules/accounts/errors";
import { accountMeta } from "../accounts/meta";
import { AccountFormMessage } from "../components/AccountField";
import type { loader as accountLoader } from "./myaccount";

export const meta = accountMeta("My account");

export default function MyAccountHome() {
  const account = useRouteLoaderData<typeof accountLoader>("routes/myaccount");
  const [params] = useSearchParams();
  return (
    <section className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <h1 className="mb-4 text-2xl font-bold">My account</h1>
      {params.get("registered") === "1" && <AccountFormMessage success={ACCOUNT_MESSAGES.registered} />}
      <p>
        Welcome{account ? `, ${account.firstName}` : ""}! From here you can see your vouchers, keep your details up to date and manage your
        subscriptions.
      </p>
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
