import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { fixedClock } from "../lib/clock";
import { staffUsers } from "../modules/staff/schema";
import { authenticateStaff } from "../modules/staff/staff-sign-in";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-db";
import { prepareDatabase } from "../server/prepare-database";
import { DEMO_OWNER } from "./demo-staff";

let database: TestDatabase;
const now = new Date("2026-11-28T09:00:00Z");
const options = { seedDeals: 0, now, logger: pino({ level: "silent" }) };

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

it("seeds the demo owner only in the demo, once, signing in with the README's password", async () => {
  await prepareDatabase(database, { ...options, demo: false });
  expect(await database.db.select().from(staffUsers)).toEqual([]);

  await prepareDatabase(database, { ...options, demo: true });
  await prepareDatabase(database, { ...options, demo: true });
  const staff = await database.db.select().from(staffUsers);
  expect(staff.map((member) => [member.email, member.role, member.totpEnrolledAt])).toEqual([["owner@example.com", "owner", null]]);
  expect(await authenticateStaff(database.db, fixedClock(now), { email: DEMO_OWNER.email, password: "Demo-Owner-2026!" }, { demo: true })).toEqual({ staffUserId: staff[0].id });
});
