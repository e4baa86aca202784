import { afterAll, beforeAll, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { auditEvents } from "./schema";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

/** The database's own message for a refused statement (drizzle wraps it as the cause). */
async function refusal(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    return String((error as { cause?: Error }).cause?.message ?? error);
  }
  return "accepted";
}

test("the database refuses to change or remove an audit row, even for the application", async () => {
  const { db } = database;
  const [row] = await db
    .insert(auditEvents)
    .values({ at: new Date(), actorName: "Ada", actorRole: "owner", action: "staff.invite", entityType: "staff_user", entityId: "2", changes: { role: [null, "editor"] } })
    .returning();
  expect(await refusal(db.execute(sql`update audit_events set reason = 'rewritten' where id = ${row.id}`))).toMatch(/append-only: UPDATE refused/);
  expect(await refusal(db.execute(sql`delete from audit_events where id = ${row.id}`))).toMatch(/append-only: DELETE refused/);
  expect(await refusal(db.execute(sql`truncate audit_events`))).toMatch(/append-only: TRUNCATE refused/);
  const rows = await db.select().from(auditEvents);
  expect(rows).toHaveLength(1);
  expect(rows[0].reason).toBeNull();
});
