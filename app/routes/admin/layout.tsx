import { isRouteErrorResponse, Outlet, useRouteError } from "react-router";
import { permissionsOf, ROLE_LABELS } from "../../../modules/staff/permissions";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { requireAdminPage } from "../../admin/guard.server";
import { AdminHeader } from "../../components/admin/AdminHeader";
import type { Route } from "./+types/layout";

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

/** The back office: only for signed-in staff whose second factor is passed (others go to /admin/login and come back). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { session } = await requireAdminPage(context, request, "admin");
  return {
    member: { name: session.member.name, roleLabel: ROLE_LABELS[session.member.role] },
    permissions: permissionsOf(session.member.role),
    csrfToken: context.session.csrfToken(),
  };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl">
      <AdminHeader member={loaderData.member} csrfToken={loaderData.csrfToken} />
      <Outlet />
    </div>
  );
}

/** A role without the page's permission gets a 403, an unknown deal or merchant a 404, each with a way back. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 403 ? "Not allowed" : status === 404 ? "Not found" : "Something went wrong";
  const message =
    status === 403
      ? "Your role does not include this page. Ask an owner if you need it."
      : status === 404
        ? ((isRouteErrorResponse(error) && (error.data as { message?: string } | undefined)?.message) || "There is nothing at this address.")
        : "An unexpected error occurred. Please try again in a moment.";
  return (
    <div className="mx-auto max-w-6xl">
      <AdminHeader />
      <title>{title}</title>
      <h1 className="mb-4 text-2xl font-bold">{title}</h1>
      <p className="mb-4">{message}</p>
      <a className="font-bold text-brand-dark underline" href="/admin">
        Back to the back office
      </a>
    </div>
  );
}
