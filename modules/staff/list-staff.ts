import { asc } from "drizzle-orm";
import type { Db } from "../../db/client";
import { staffUsers, type StaffRole } from "./schema";

export interface StaffListEntry {
  id: number;
  name: string;
  email: string;
  role: StaffRole;
  /** invited: no password yet; active; disabled. */
  status: "invited" | "active" | "disabled";
  secondFactor: boolean;
  createdAt: Date;
}

/** Everyone who works in the back office, by name (a few hundred at most: one page). */
export async function listStaff(db: Db): Promise<StaffListEntry[]> {
  const rows = await db.select().from(staffUsers).orderBy(asc(staffUsers.name), asc(staffUsers.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    status: row.disabledAt ? "disabled" : row.passwordHash ? "active" : "invited",
    secondFactor: row.totpEnrolledAt !== null,
    createdAt: row.createdAt,
  }));
}
