import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { parseAuditCursor, searchAudit } from "../../modules/audit/search-audit";
import { listStaff } from "../../modules/staff/list-staff";
import type { Permission } from "../../modules/staff/permissions";
import { STAFF_ROLES } from "../../modules/staff/roles";
import type { AppEnv } from "../context";
import { requireStaffPermission } from "../staff/staff-session";
import { errors, json } from "./account-schemas";

/**
 * Every /v1/admin route (method and OpenAPI path) and the permission it requires. A route missing
 * here fails tests/pages/admin-permissions.test.ts, which walks the OpenAPI document.
 */
export const ADMIN_API_PERMISSIONS = {
  "GET /admin/staff": "staff.manage",
  "GET /admin/audit": "audit.read",
} as const satisfies Record<string, Permission>;

const StaffMemberSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    role: z.enum(STAFF_ROLES),
    status: z.enum(["invited", "active", "disabled"]),
    secondFactor: z.boolean(),
    createdAt: z.string(),
  })
  .openapi("StaffMember");

const AuditEventSchema = z
  .object({
    id: z.number().int(),
    at: z.string(),
    staffUserId: z.number().int().nullable(),
    actorName: z.string(),
    actorRole: z.string().nullable(),
    action: z.string(),
    entityType: z.string(),
    entityId: z.string(),
    changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
    reason: z.string().nullable(),
    ip: z.string().nullable(),
    requestId: z.string().nullable(),
  })
  .openapi("AuditEvent");

const denied = { 401: errors("Not signed in to the back office (SIGN_IN_REQUIRED)"), 403: errors("The role lacks the permission (FORBIDDEN)") };

const staffRoute = createRoute({
  method: "get",
  path: "/admin/staff",
  summary: "Back office: everyone who works in it (permission staff.manage; the back office's session cookie)",
  responses: { 200: { description: "The staff, by name", ...json(z.object({ staff: z.array(StaffMemberSchema) })) }, ...denied },
});

const auditRoute = createRoute({
  method: "get",
  path: "/admin/audit",
  summary: "Back office: the audit trail, newest first, a page at a time (permission audit.read)",
  request: {
    query: z.object({
      staffUserId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
      entityType: z.string().max(60).optional(),
      entityId: z.string().max(60).optional(),
      from: z.iso.datetime({ offset: true }).optional().openapi({ description: "From this moment (inclusive)" }),
      until: z.iso.datetime({ offset: true }).optional().openapi({ description: "Up to this moment (exclusive)" }),
      after: z.string().max(40).optional().openapi({ description: "The `next` cursor of the previous page" }),
      limit: z.coerce.number().int().min(1).max(200).optional(),
    }),
  },
  responses: {
    200: { description: "One page of events and the cursor of the next (null on the last)", ...json(z.object({ events: z.array(AuditEventSchema), next: z.string().nullable() })) },
    400: errors("Invalid filter"),
    ...denied,
  },
});

/** The back office's JSON (/v1/admin/*): each route checks its line of ADMIN_API_PERMISSIONS first. */
export function registerAdminRoutes(api: OpenAPIHono<AppEnv>, options: { demo: boolean }): void {
  api.openapi(staffRoute, async (c) => {
    await requireStaffPermission(c.var, ADMIN_API_PERMISSIONS["GET /admin/staff"], options.demo);
    const staff = await listStaff(c.get("db"));
    return c.json({ staff: staff.map((member) => ({ ...member, createdAt: member.createdAt.toISOString() })) }, 200);
  });
  api.openapi(auditRoute, async (c) => {
    await requireStaffPermission(c.var, ADMIN_API_PERMISSIONS["GET /admin/audit"], options.demo);
    const query = c.req.valid("query");
    const page = await searchAudit(
      c.get("db"),
      { staffUserId: query.staffUserId, entityType: query.entityType, entityId: query.entityId, from: query.from ? new Date(query.from) : undefined, until: query.until ? new Date(query.until) : undefined },
      { after: parseAuditCursor(query.after), size: query.limit },
    );
    c.header("cache-control", "private, no-store");
    return c.json({ events: page.events.map((event) => ({ ...event, at: event.at.toISOString() })), next: page.next }, 200);
  });
}
