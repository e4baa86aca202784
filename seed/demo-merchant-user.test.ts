import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { fixedClock } from "../lib/clock";
import { authenticateMerchantUser } from "../modules/merchants/authenticate-merchant-user";
import { merchantUsers } from "../modules/merchants/schema";
import { prepareDatabase } from "../server/prepare-database";
import { insertSellable } from "../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../tests/support/catalog-fixtures";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-db";
import { DEMO_TILL } from "./demo-merchant-user";

let database: TestDatabase;
const now = new Date("2026-11-28T09:00:00Z");
const options = { seedDeals: 0, now, logger: pino({ level: "silent" }) };

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

it("seeds the demo's till user only in the demo, once there is a merchant, signing in with the README's password", async () => {
  await prepareDatabase(database, { ...options, demo: true });
  expect(await database.db.select().from(merchantUsers)).toEqual([]);

  const basics = await insertCatalogBasics(database.db);
  await insertSellable(database.db, basics);
  await prepareDatabase(database, { ...options, demo: false });
  expect(await database.db.select().from(merchantUsers)).toEqual([]);

  await prepareDatabase(database, { ...options, demo: true });
  await prepareDatabase(database, { ...options, demo: true });
  const users = await database.db.select().from(merchantUsers);
  expect(users.map((user) => [user.email, user.merchantId])).toEqual([[DEMO_TILL.email, basics.merchant.id]]);
  expect(await authenticateMerchantUser(database.db, fixedClock(now), { email: "till@example.com", password: "Demo-Till-2026!" })).toEqual({ merchantUserId: users[0].id });
});
