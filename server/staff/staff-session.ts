import type { Permission } from "../../modules/staff/permissions";
import { hasPermission } from "../../modules/staff/permissions";
import { findStaffSession, revokeAllStaffSessions, revokeStaffSession, startStaffSession, type StaffSession } from "../../modules/staff/staff-sessions";
import { staffError } from "../../modules/staff/errors";
import { staffSignIn } from "../../modules/staff/staff-sign-in";
import type { StaffActor } from "../../modules/staff/staff-actor";
import { renewCsrfKey } from "../accounts/visitor-session";
import type { RequestServices } from "../context";

/**
 * The back office's own session cookie (HttpOnly, SameSite=Lax, Secure where the shop's cookies
 * are, ending with the browser): never the shopper's or the merchant portal's.
 */
export const STAFF_SESSION_COOKIE = "staffSession";

type Services = Pick<RequestServices, "db" | "clock" | "cookies">;

/**
 * Where a staff session stands: `ready` once the second factor is passed (or, in the demo, for a
 * member without an authenticator); `second-factor` while a code is due; `enrol` while a member
 * who must have an authenticator has none.
 */
export type StaffSessionStage = "ready" | "second-factor" | "enrol";

export function sessionStage(session: StaffSession, demo: boolean): StaffSessionStage {
  if (session.secondFactorAt) return "ready";
  if (session.member.totpEnrolled) return "second-factor";
  return staffSignIn({ demo }).secondFactor === "optional" ? "ready" : "enrol";
}

const lookups = new WeakMap<object, Promise<StaffSession | null>>();

/** The staff session of this request, or null (a stale cookie is dropped); one lookup per request. */
export function currentStaff(services: Services): Promise<StaffSession | null> {
  let lookup = lookups.get(services.cookies);
  if (!lookup) {
    lookup = (async () => {
      const token = services.cookies.get(STAFF_SESSION_COOKIE);
      if (!token) return null;
      const session = await findStaffSession(services.db, services.clock, token);
      if (!session) services.cookies.delete(STAFF_SESSION_COOKIE);
      return session;
    })();
    lookups.set(services.cookies, lookup);
  }
  return lookup;
}

/** Starts a staff session (ending this browser's earlier one) and renews the CSRF key. */
export async function signInStaff(services: Services & Pick<RequestServices, "clientIp">, staffUserId: number): Promise<void> {
  const previous = await currentStaff(services);
  if (previous) await revokeStaffSession(services.db, previous.id);
  const started = await startStaffSession(services.db, services.clock, staffUserId, services.clientIp);
  services.cookies.set(STAFF_SESSION_COOKIE, started.token);
  renewCsrfKey(services.cookies);
  lookups.delete(services.cookies);
}

/** Signs out this browser, or every session of the member (`everywhere`). */
export async function signOutStaff(services: Services, options: { everywhere: boolean }): Promise<void> {
  const current = await currentStaff(services);
  if (current) {
    if (options.everywhere) await revokeAllStaffSessions(services.db, current.member.id);
    else await revokeStaffSession(services.db, current.id);
  }
  services.cookies.delete(STAFF_SESSION_COOKIE);
  renewCsrfKey(services.cookies);
  lookups.delete(services.cookies);
}

/** Forgets this request's lookup (after the session changed, e.g. the second factor was passed). */
export function forgetStaffLookup(services: Pick<RequestServices, "cookies">): void {
  lookups.delete(services.cookies);
}

/**
 * The API's guard for /v1/admin/*: the signed-in member holding the permission; 401 without a
 * finished sign-in, 403 when the role lacks the permission.
 */
export async function requireStaffPermission(services: Services, permission: Permission, demo: boolean): Promise<StaffSession> {
  const session = await currentStaff(services);
  if (!session || sessionStage(session, demo) !== "ready") throw staffError("SIGN_IN_REQUIRED");
  if (!hasPermission(session.member.role, permission)) throw staffError("FORBIDDEN");
  return session;
}

/** The member as the actor of an audited change, with where the request came from. */
export function staffActor(session: StaffSession, services: Pick<RequestServices, "clientIp" | "requestId">): StaffActor {
  return { staffUserId: session.member.id, name: session.member.name, role: session.member.role, ip: services.clientIp, requestId: services.requestId };
}
