/** The gift wrap and gift packs page of the back office: what a deal manager sees, changes and is told. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findGiftPresets } from "../../modules/catalog/gift-presets";
import { passSecondFactor, startStaffSession } from "../../modules/staff/staff-sessions";
import type { StaffRole } from "../../modules/staff/roles";
import { ensureGiftPresets, GIFT_PRESET_DEFINITIONS } from "../../seed/gift-presets";
import { insertCatalogBasics } from "../support/catalog-fixtures";
import { ManualClock } from "../support/manual-clock";
import { type PageApp, pageHtml, pageText, startPageApp } from "../support/page-app";
import { insertStaffMember } from "../support/staff-fixtures";
import { TestBrowser } from "../support/test-browser";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let database: TestDatabase;
let app: PageApp;
let close: () => Promise<void>;
let manager: TestBrowser;
const clock = new ManualClock("2026-11-29T09:00:00Z");
const ukPack = GIFT_PRESET_DEFINITIONS.find((definition) => definition.countryCode === "GB" && definition.preset === "NEXT_DAY_GIFT_PACK")!;

async function signedInAs(role: StaffRole): Promise<TestBrowser> {
  const id = await insertStaffMember(database.db, clock, { email: `${role}@example.com`, role, name: "Gina" });
  const session = await startStaffSession(database.db, clock, id, null);
  await passSecondFactor(database.db, clock, session.id);
  const member = new TestBrowser(app, { ip: "198.51.100.72" });
  member.cookies.set("staffSession", session.token);
  return member;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await insertCatalogBasics(database.db);
  await ensureGiftPresets(database.db);
  ({ app, close } = await startPageApp(database, clock));
  manager = await signedInAs("deal_manager");
}, 120_000);
afterAll(async () => {
  await close?.();
  await database?.dispose();
});

const save = async (form: Record<string, string>) => manager.request("/admin/gift-presets", { method: "POST", form: { _csrf: await manager.csrfToken(), ...form } });

describe("gift wrap and gift packs", () => {
  it("lists each market's presets with price and units left", async () => {
    const html = await pageHtml(await manager.request("/admin/gift-presets"));
    const rows = [...html.matchAll(/<tr[^>]*data-testid="gift-preset-row"[^>]*>([\s\S]*?)<\/tr>/g)].map((row) => pageText(row[1]).trim());
    expect(rows).toContain("Next-Day Gift Pack (UK) £6.99 10,000");
    expect(rows).toContain("Gift Wrap (Ireland) €3.49 10,000");
  });

  it("a bad price is named in a summary linking to that preset's field, keeping what was typed; nothing changes", async () => {
    const refused = await save({ productId: String(ukPack.productId), price: "six", unitsLeft: "50" });
    expect(refused.status).toBe(400);
    const html = await pageHtml(refused);
    expect(pageText(html)).toContain("There is a problem");
    expect(html).toContain(`href="#preset-${ukPack.productId}-price"`);
    expect(pageText(html)).toContain("Enter an amount in pounds and pence, such as 2.99.");
    expect(html).toContain('value="six"');
    expect((await findGiftPresets(database.db, "GB")).get("NEXT_DAY_GIFT_PACK")?.price).toBe(699);
  });

  it("a new price and stock are saved and shown; checkout offers the new price", async () => {
    const saved = await save({ productId: String(ukPack.productId), price: "7.49", unitsLeft: "" });
    expect(saved.status).toBe(200);
    expect(pageText(await pageHtml(saved))).toContain("Saved: checkout charges the new price from the next basket");
    const html = await pageHtml(await manager.request("/admin/gift-presets"));
    expect(pageText(html)).toContain("Next-Day Gift Pack (UK) £7.49 Unlimited");
    expect((await findGiftPresets(database.db, "GB")).get("NEXT_DAY_GIFT_PACK")?.price).toBe(749);
  });

  it("customer service may not open or change it", async () => {
    const agent = await signedInAs("customer_service");
    expect((await agent.request("/admin/gift-presets")).status).toBe(403);
    const refused = await agent.request("/admin/gift-presets", {
      method: "POST",
      form: { _csrf: await agent.csrfToken(), productId: String(ukPack.productId), price: "1.00", unitsLeft: "" },
    });
    expect(refused.status).toBe(403);
    expect((await findGiftPresets(database.db, "GB")).get("NEXT_DAY_GIFT_PACK")?.price).toBe(749);
  });
});
