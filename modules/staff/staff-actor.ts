import type { AuditActor } from "../audit/record-audit";
import type { StaffRole } from "./schema";

/** Who makes a staff change, and from where: what the audit row records. */
export interface StaffActor {
  staffUserId: number | null;
  name: string;
  role: StaffRole | null;
  ip?: string | null;
  requestId?: string | null;
}

export function auditActor(actor: StaffActor): AuditActor {
  return { staffUserId: actor.staffUserId, name: actor.name, role: actor.role };
}

/** The command line as an actor (`npm run staff`). */
export const COMMAND_LINE: StaffActor = { staffUserId: null, name: "Command line", role: null };
