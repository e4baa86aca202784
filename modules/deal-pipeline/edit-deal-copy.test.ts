import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { insertSellable } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { type TestDatabase, createTestDatabase } from "../../tests/support/test-db";
import { auditEvents } from "../audit/schema";
import { deals } from "../catalog/schema";
import { searchDocuments } from "../search/schema";
import { editDealCopy } from "./edit-deal-copy";

const clock = new ManualClock("2026-11-28T09:00:00Z");
let database: TestDatabase;
let dealId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  const basics = await insertCatalogBasics(database.db);
  dealId = (await insertSellable(database.db, basics, { deal: { headline: "Massage for one", title: "A massage", description: "An hour.", finePrint: "" } })).deal.id;
});
afterAll(async () => database?.dispose());

const copy = { headline: "Hot stone massage for one", title: "A hot stone massage", description: "A full hour of hot stones.", finePrint: "Book 24 hours ahead." };

it("an editor's new words are on the deal, in search and in the audit with what changed", async () => {
  await editDealCopy(database.db, clock, { staffUserId: 9, name: "Edna", role: "editor" }, dealId, copy);
  const [row] = await database.db.select().from(deals).where(eq(deals.id, dealId));
  expect(row).toMatchObject({ ...copy, updatedAt: clock.now() });
  const [document] = await database.db.select().from(searchDocuments).where(eq(searchDocuments.dealId, dealId));
  expect(JSON.stringify(document)).toContain("Hot stone massage for one");
  const [audit] = await database.db.select().from(auditEvents).where(eq(auditEvents.action, "deal.copy-edit"));
  expect(audit).toMatchObject({ actorName: "Edna", entityId: String(dealId), changes: { headline: ["Massage for one", "Hot stone massage for one"], finePrint: ["", "Book 24 hours ahead."] } });
});

it("refuses a role that may not edit, and an unknown deal, changing nothing", async () => {
  await expect(editDealCopy(database.db, clock, { staffUserId: 10, name: "Cass", role: "customer_service" }, dealId, { ...copy, headline: "Hacked" })).rejects.toMatchObject({ code: "NOT_YOUR_ROLE" });
  await expect(editDealCopy(database.db, clock, { staffUserId: 9, name: "Edna", role: "editor" }, 99_999_999, copy)).rejects.toMatchObject({ code: "DEAL_NOT_FOUND" });
  const [row] = await database.db.select({ headline: deals.headline }).from(deals).where(eq(deals.id, dealId));
  expect(row.headline).toBe(copy.headline);
});
