import { Form, NavLink } from "react-router";
import { CsrfField } from "../CsrfField";

/** The portal's pages; a new portal page adds its entry here. */
export const MERCHANT_PORTAL_LINKS: readonly { label: string; href: string; end?: boolean; redeem?: true }[] = [
  { label: "Redeem a voucher", href: "/merchant", end: true, redeem: true },
  { label: "Redemptions", href: "/merchant/redemptions", redeem: true },
  { label: "Sales per deal", href: "/merchant/sales" },
  { label: "Statement", href: "/merchant/statement" },
  { label: "Payouts", href: "/merchant/payouts" },
  { label: "Orders to dispatch", href: "/merchant/dispatch" },
  { label: "Returns", href: "/merchant/returns" },
  { label: "Booking requests", href: "/merchant/bookings" },
  { label: "Deal proposals", href: "/merchant/proposals" },
];

/** The portal's navigation with the signed-in merchant user and their sign-out button. */
export function MerchantPortalNav({ merchantName, userName, csrfToken, redeemOnly = false }: { merchantName: string; userName: string; csrfToken: string; redeemOnly?: boolean }) {
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `block rounded px-3 py-2 hover:bg-gray-100 ${isActive ? "bg-gray-100 font-bold text-brand-dark" : ""}`;
  return (
    <nav aria-label="Merchant portal" className="md:w-64 md:shrink-0">
      <p className="text-sm text-gray-700">Merchant portal</p>
      <p className="mb-1 text-lg font-bold">{merchantName}</p>
      <p className="mb-3 text-sm text-gray-700">Signed in as {userName}</p>
      <ul className="rounded-lg bg-white p-2 shadow-sm ring-1 ring-gray-200">
        {MERCHANT_PORTAL_LINKS.filter((item) => !redeemOnly || item.redeem).map((item) => (
          <li key={item.href}>
            <NavLink to={item.href} end={item.end} className={linkClass}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
      <Form method="post" action="/merchant/logout" className="mt-4">
        <CsrfField token={csrfToken} />
        <button type="submit" className="rounded px-3 py-2 text-brand-dark underline hover:bg-gray-100">
          Sign out
        </button>
      </Form>
    </nav>
  );
}
