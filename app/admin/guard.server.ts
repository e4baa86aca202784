import { data, redirect } from "react-router";
import { hasPermission } from "../../modules/staff/permissions";
import type { StaffSession } from "../../modules/staff/staff-sessions";
import { safeLocalPath } from "../../server/accounts/redirects";
import type { RequestServices } from "../../server/context";
import { currentStaff, sessionStage, staffActor } from "../../server/staff/staff-session";
import { STAFF_ERRORS } from "../../modules/staff/errors";
import type { StaffActor } from "../../modules/staff/staff-actor";
import { ADMIN_ACTION_PERMISSIONS, ADMIN_PAGE_PERMISSIONS, type AdminPage } from "./page-permissions";
import { ADMIN_HOME, ADMIN_LOGIN } from "./paths";


type Context = RequestServices & { demo: { mailbox: boolean } | null };

export const isDemo = (context: Pick<Context, "demo">) => context.demo !== null;

/** Where a session that is not ready yet goes next. */
export function nextStepPath(session: StaffSession, demo: boolean): string | null {
  const stage = sessionStage(session, demo);
  return stage === "second-factor" ? "/admin/second-factor" : stage === "enrol" ? "/admin/enrol" : null;
}

/**
 * The guard of every /admin loader and action: the signed-in member whose role holds the page's
 * permission (ADMIN_PAGE_PERMISSIONS). Signed out: to the sign-in, coming back here; sign-in not
 * finished: to its next step; role without the permission (or, for a change, without the page's
 * action permission, ADMIN_ACTION_PERMISSIONS): 403.
 */
export async function requireAdminPage(context: Context, request: Request, page: Exclude<AdminPage, `admin/${"login" | "logout" | "second-factor" | "enrol" | "invitation/:token"}`>): Promise<{ session: StaffSession; actor: StaffActor }> {
  const session = await currentStaff(context);
  if (!session) {
    const url = new URL(request.url);
    const target = url.pathname.replace(/\.data$/, "") + url.search;
    throw redirect(`${ADMIN_LOGIN}?redirectUrl=${encodeURIComponent(target)}`);
  }
  const next = nextStepPath(session, isDemo(context));
  if (next) throw redirect(next);
  const writing = request.method !== "GET" && request.method !== "HEAD";
  const actionPermission = writing ? ADMIN_ACTION_PERMISSIONS[page] : undefined;
  if (!hasPermission(session.member.role, ADMIN_PAGE_PERMISSIONS[page]) || (actionPermission && !hasPermission(session.member.role, actionPermission))) {
    throw adminRefusal(403, STAFF_ERRORS.FORBIDDEN.message);
  }
  return { session, actor: staffActor(session, context) };
}

/** Where to go after signing in: back to the back-office page asked for, never anywhere else. */
export function adminDestination(redirectUrl: unknown): string {
  const path = safeLocalPath(redirectUrl);
  return path && (path === ADMIN_HOME || path.startsWith(`${ADMIN_HOME}/`) || path.startsWith(`${ADMIN_HOME}?`)) ? path : ADMIN_HOME;
}

/** A back-office page's refusal (403, 404), shown by the admin layout's error boundary, never cached. */
export function adminRefusal(status: 403 | 404, message: string) {
  return data({ message }, { status, headers: { "Cache-Control": "private, no-store" } });
}

/** The record a page's `:id` names (1 to 9 digits), found by `find`; otherwise the 404 refusal saying `notFound`. */
export async function adminRecordOr404<T>(id: string, find: (id: number) => Promise<T | null | undefined>, notFound: string): Promise<T> {
  const record = /^\d{1,9}$/.test(id) ? await find(Number(id)) : null;
  if (!record) throw adminRefusal(404, notFound);
  return record;
}
