import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { insertSellable } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { type TestDatabase, createTestDatabase } from "../../tests/support/test-db";
import { auditEvents } from "../audit/schema";
import { findPreviewDealPath, listPreviewTokens } from "../catalog/previews";
import { makePreviewLink } from "./preview-links";

const clock = new ManualClock("2026-11-28T09:00:00Z");
const editor = { staffUserId: 9, name: "Edna", role: "editor" as const };
let database: TestDatabase;
let draft: { id: number; urlPath: string };

beforeAll(async () => {
  database = await createTestDatabase();
  const basics = await insertCatalogBasics(database.db);
  draft = (await insertSellable(database.db, basics, { deal: { status: "draft", published: false } })).deal;
});
afterAll(async () => database?.dispose());

it("opens a draft deal for a week to whoever has the link, and audits that a link was made without the token", async () => {
  const { token, expiresAt } = await makePreviewLink(database.db, clock, editor, draft.id);
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(expiresAt).toEqual(new Date("2026-12-05T09:00:00Z"));
  expect(await findPreviewDealPath(database.db, token, "GB", new Date("2026-12-05T08:59:00Z"))).toBe(draft.urlPath);
  expect(await findPreviewDealPath(database.db, token, "GB", new Date("2026-12-05T09:00:00Z"))).toBeNull();
  expect(await listPreviewTokens(database.db, draft.id, clock.now())).toEqual([{ token, expiresAt }]);

  const [audit] = await database.db.select().from(auditEvents).where(eq(auditEvents.action, "deal.preview-link"));
  expect(audit).toMatchObject({ actorName: "Edna", entityType: "deal", entityId: String(draft.id) });
  expect(JSON.stringify(audit)).not.toContain(token);
});

it("refuses a role that may not edit deals, and an unknown deal, making no link", async () => {
  await expect(makePreviewLink(database.db, clock, { staffUserId: 10, name: "Cass", role: "customer_service" }, draft.id)).rejects.toMatchObject({ code: "NOT_YOUR_ROLE" });
  await expect(makePreviewLink(database.db, clock, editor, 99_999_999)).rejects.toMatchObject({ code: "DEAL_NOT_FOUND" });
  expect(await listPreviewTokens(database.db, draft.id, clock.now())).toHaveLength(1);
});
