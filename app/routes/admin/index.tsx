import { hasPermission } from "../../../modules/staff/permissions";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { requireAdminPage } from "../../admin/guard.server";
import { ADMIN_NAVIGATION, ADMIN_PAGE_PERMISSIONS } from "../../admin/page-permissions";
import type { Route } from "./+types/index";

export const meta = accountMeta("Back office");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

/** The dashboard (a placeholder until the deal pipeline arrives): the pages this role may open, and only those. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { session } = await requireAdminPage(context, request, "admin");
  const role = session.member.role;
  return { links: ADMIN_NAVIGATION.filter((entry) => { const permission = ADMIN_PAGE_PERMISSIONS[entry.page]; return permission !== null && hasPermission(role, permission); }).map(({ href, label, description }) => ({ href, label, description })) };
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">Back office</h1>
      {loaderData.links.length === 0 ? (
        <p>Your role has no back-office pages yet. More arrive with the deal pipeline.</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {loaderData.links.map((link) => (
            <li key={link.href} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
              <a href={link.href} className="text-lg font-bold text-brand-dark underline">
                {link.label}
              </a>
              <p className="mt-1">{link.description}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
