import { NavLink, Outlet } from "react-router";
import { accountMenu } from "../../../modules/accounts/account-menu";
import { requireCustomer } from "../../../server/accounts/redirects";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import type { Route } from "./+types/layout";

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

/** The account area: only for signed-in customers (others go to /login and come back). */
export function loader({ request, context }: Route.LoaderArgs) {
  const customer = requireCustomer(context, request);
  return {
    firstName: customer.firstName,
    vipUser: customer.vipUser,
    menu: accountMenu(context.brand.id, customer.vipUser),
    csrfToken: context.session.csrfToken(),
  };
}

const SETTINGS = [
  { label: "Change password", href: "/myaccount/password" },
  { label: "Delete account", href: "/myaccount/delete" },
];

function AccountMenuList({ items, className = "" }: { items: readonly { label: string; href: string }[]; className?: string }) {
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `block rounded px-3 py-2 hover:bg-gray-100 ${isActive ? "bg-gray-100 font-bold text-brand-dark" : ""}`;
  return (
    <ul className={`rounded-lg bg-white p-2 shadow-sm ring-1 ring-gray-200 ${className}`}>
      {items.map((item) => (
        <li key={item.href}>
          <NavLink to={item.href} className={linkClass}>
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export default function MyAccount({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-6 md:flex-row">
      <nav aria-label="My account" className="md:w-64 md:shrink-0">
        <p className="mb-3 text-lg font-bold">Hi, {loaderData.firstName}</p>
        <AccountMenuList items={loaderData.menu} />
        <AccountMenuList items={SETTINGS} className="mt-4" />
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
