/** The deal photos page: a deal manager uploads a photo (a PNG named .jpg is read by its bytes, an SVG refused), moves it first; the shop serves it and prints its alt text. */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { deals } from "../../modules/catalog/schema";
import { passSecondFactor, startStaffSession } from "../../modules/staff/staff-sessions";
import { hasPermission } from "../../modules/staff/permissions";
import type { StaffRole } from "../../modules/staff/roles";
import { insertSellable } from "../support/buying-fixtures";
import { insertCatalogBasics } from "../support/catalog-fixtures";
import { ManualClock } from "../support/manual-clock";
import { type PageApp, pageHtml, pageText, startPageApp } from "../support/page-app";
import { insertStaffMember } from "../support/staff-fixtures";
import { TestBrowser } from "../support/test-browser";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let database: TestDatabase;
let app: PageApp;
let close: () => Promise<void>;
let dir: string;
let dealId: number;
let dealPath: string;
const clock = new ManualClock("2026-11-28T09:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  dir = await mkdtemp(join(tmpdir(), "photos-page-"));
  const basics = await insertCatalogBasics(database.db);
  const deal = (await insertSellable(database.db, basics)).deal;
  dealId = deal.id;
  const [row] = await database.db.select({ images: deals.images }).from(deals).where(eq(deals.id, dealId));
  dealPath = `/deal/london/beauty/spa/${dealId}/pool-day`;
  await database.db.update(deals).set({ urlPath: dealPath }).where(eq(deals.id, dealId));
  expect(row).toBeDefined();
  ({ app, close } = await startPageApp(database, clock, { FILE_STORAGE_DIR: dir }));
}, 120_000);
afterAll(async () => {
  await close?.();
  await database?.dispose();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function signedInAs(role: StaffRole): Promise<TestBrowser> {
  const id = await insertStaffMember(database.db, clock, { email: `${role}@example.com`, role, name: "Dee" });
  const session = await startStaffSession(database.db, clock, id, null);
  await passSecondFactor(database.db, clock, session.id);
  const member = new TestBrowser(app, { ip: "198.51.100.70" });
  member.cookies.set("staffSession", session.token);
  return member;
}

async function upload(member: TestBrowser, bytes: Uint8Array, name: string, type: string, alt: string) {
  const form = new FormData();
  form.set("_csrf", await member.csrfToken());
  form.set("intent", "upload");
  form.set("alt", alt);
  form.set("photo", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  const cookie = [...member.cookies].map(([key, value]) => `${key}=${value}`).join("; ");
  return app.request(`/admin/deals/${dealId}/photos`, { method: "POST", body: form, headers: { host: "wowcher.co.uk", "x-forwarded-for": "198.51.100.70", cookie } });
}

it("uploads a PNG named .jpg, refuses an SVG, moves the new photo first; the shop serves it with its alt text", async () => {
  const manager = await signedInAs("deal_manager");
  const refused = await upload(manager, new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), "logo.svg", "image/svg+xml", "Logo");
  expect(refused.status).toBe(400);
  expect(pageText(await pageHtml(refused))).toContain("The photo must be a JPEG, PNG or WebP image (SVG and other files are not accepted).");

  const png = new Uint8Array(
    await sharp({ create: { width: 900, height: 600, channels: 3, background: "#3366aa" } })
      .png()
      .toBuffer(),
  );
  const added = await upload(manager, png, "pool.jpg", "image/jpeg", "The pool at dusk");
  expect(pageText(await pageHtml(added))).toContain("Photo added.");

  const page = await pageHtml(await manager.request(`/admin/deals/${dealId}/photos`));
  const url = /src="(\/img\/photo\/\d+\/[0-9a-f]{16}\.jpg)"/.exec(page)?.[1];
  expect(url).toBeDefined();
  const [before] = await database.db.select({ images: deals.images }).from(deals).where(eq(deals.id, dealId));
  const position = before.images.findIndex((image) => image.imageUrl === url);
  for (let i = position; i > 0; i--) {
    const moved = await manager.request(`/admin/deals/${dealId}/photos`, { method: "POST", form: { _csrf: await manager.csrfToken(), intent: "up", imageUrl: url! } });
    expect(pageText(await pageHtml(moved))).toContain("Photo moved up.");
  }
  expect(pageText(await pageHtml(await manager.request(`/admin/deals/${dealId}/photos`)))).toContain("Photo 1 of");

  const served = await manager.request(url!);
  expect(served.status).toBe(200);
  expect(served.headers.get("content-type")).toBe("image/jpeg");
  expect(served.headers.get("cache-control")).toContain("immutable");
  expect((await manager.request(url!.replace(".jpg", "-320w.webp"))).headers.get("content-type")).toBe("image/webp");

  const shop = await pageHtml(await new TestBrowser(app).request(dealPath));
  expect(shop).toContain(`alt="The pool at dusk"`);
  expect(shop).toMatch(new RegExp(`og:image" content="[^"]*${url!.replace(/[/.]/g, "\\$&")}"`));
});

it("a customer-service member may not change the photos", async () => {
  const service = await signedInAs("customer_service");
  const seen = await service.request(`/admin/deals/${dealId}/photos`);
  expect(seen.status).toBe(hasPermission("customer_service", "deals.read") ? 200 : 403);
  const write = await service.request(`/admin/deals/${dealId}/photos`, { method: "POST", form: { _csrf: await service.csrfToken(), intent: "remove", imageUrl: "/x" } });
  expect(write.status).toBe(403);
});
