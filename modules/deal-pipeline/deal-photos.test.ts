import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { localDiskStorage } from "../../lib/file-storage";
import { insertSellable } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { type TestDatabase, createTestDatabase } from "../../tests/support/test-db";
import { auditEvents } from "../audit/schema";
import { readDealImages } from "../catalog/deal-images";
import { deals } from "../catalog/schema";
import { editDealPhotoAlt, moveDealPhoto, removeDealPhoto, reorderDealPhotos, uploadDealPhoto } from "./deal-photos";
import { MAX_PHOTO_BYTES, PHOTO_FORMATS, PHOTO_WIDTHS, sniffImageType } from "./photo-files";
import { sweepRemovedPhotos } from "./sweep-removed-photos";

const clock = new ManualClock("2026-11-28T09:00:00Z");
const manager = { staffUserId: 7, name: "Dee", role: "deal_manager" } as const;
let database: TestDatabase;
let dir: string;
let dealId: number;

const picture = async (format: "png" | "jpeg" | "webp", red: number) => {
  const image = sharp({ create: { width: 800, height: 600, channels: 3, background: { r: red, g: 80, b: 40 } } }).withMetadata({
    exif: { IFD0: { Copyright: "Secret Camera Co" } },
  });
  return new Uint8Array(await image.toFormat(format).toBuffer());
};

beforeAll(async () => {
  database = await createTestDatabase();
  dir = await mkdtemp(join(tmpdir(), "deal-photos-"));
  const basics = await insertCatalogBasics(database.db);
  dealId = (await insertSellable(database.db, basics, {})).deal.id;
  await database.db.update(deals).set({ images: [] }).where(eq(deals.id, dealId));
});
afterAll(async () => {
  await database?.dispose();
  if (dir) await rm(dir, { recursive: true, force: true });
});

it("knows JPEG, PNG and WebP by their bytes and nothing else", async () => {
  expect(sniffImageType(await picture("jpeg", 1))).toBe("jpeg");
  expect(sniffImageType(await picture("png", 1))).toBe("png");
  expect(sniffImageType(await picture("webp", 1))).toBe("webp");
  expect(sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  expect(sniffImageType(new TextEncoder().encode("GIF89a"))).toBeNull();
});

it("refuses SVG, an oversize file and missing alt text, storing nothing", async () => {
  const storage = localDiskStorage(dir);
  const svg = await uploadDealPhoto(database.db, clock, storage, manager, { dealId, bytes: new TextEncoder().encode("<svg/>"), alt: "A logo" });
  expect(svg).toEqual({ ok: false, problems: [{ field: "photo", message: "The photo must be a JPEG, PNG or WebP image (SVG and other files are not accepted)." }] });
  const big = new Uint8Array(MAX_PHOTO_BYTES + 1);
  big.set([0xff, 0xd8, 0xff]);
  expect(await uploadDealPhoto(database.db, clock, storage, manager, { dealId, bytes: big, alt: "Big" })).toMatchObject({
    ok: false,
    problems: [{ message: "The photo must be 10 MB or smaller." }],
  });
  expect(await uploadDealPhoto(database.db, clock, storage, manager, { dealId, bytes: await picture("png", 9), alt: "  " })).toMatchObject({
    ok: false,
    problems: [{ field: "alt" }],
  });
  const [row] = await database.db.select({ images: deals.images }).from(deals).where(eq(deals.id, dealId));
  expect(row.images).toEqual([]);
});

it("a PNG named .jpg is read by its bytes; every width is stored in WebP and JPEG, upright and without metadata", async () => {
  const storage = localDiskStorage(dir);
  const result = await uploadDealPhoto(database.db, clock, storage, manager, { dealId, bytes: await picture("png", 200), alt: "The spa's pool at dusk" });
  expect(result.ok).toBe(true);
  if (!result.ok) return;
  const [photo] = result.images;
  expect(photo).toMatchObject({ alt: "The spa's pool at dusk", extension: "jpg" });
  expect(photo.imageUrl).toMatch(new RegExp(`^/img/photo/${dealId}/[0-9a-f]{16}\\.jpg$`));
  for (const width of [320, 640, 960, 1280]) {
    for (const format of ["webp", "jpg"]) {
      const bytes = await storage.get(`${photo.storageKey}/${width}.${format}`);
      expect(bytes, `${width}.${format}`).not.toBeNull();
      const meta = await sharp(bytes!).metadata();
      expect(meta).toMatchObject({ width, height: Math.round((width * 10) / 16), format: format === "jpg" ? "jpeg" : "webp" });
      expect(meta.exif).toBeUndefined();
    }
  }
});

it("reorders by a move and by a whole order, edits alt text and removes, each audited with the list before and after", async () => {
  const storage = localDiskStorage(dir);
  const second = await uploadDealPhoto(database.db, clock, storage, manager, { dealId, bytes: await picture("jpeg", 30), alt: "Two towels" });
  if (!second.ok) throw new Error("upload failed");
  const [first, other] = second.images.map((image) => image.imageUrl);
  expect((await moveDealPhoto(database.db, clock, manager, dealId, other, "up")).map((image) => image.imageUrl)).toEqual([other, first]);
  expect((await reorderDealPhotos(database.db, clock, manager, dealId, [first, other])).map((image) => image.imageUrl)).toEqual([first, other]);
  await expect(reorderDealPhotos(database.db, clock, manager, dealId, [first])).rejects.toMatchObject({ code: "PHOTO_ORDER_INVALID" });
  expect(await editDealPhotoAlt(database.db, clock, manager, dealId, other, "")).toMatchObject({ ok: false });
  expect(await editDealPhotoAlt(database.db, clock, manager, dealId, other, "Two white towels")).toEqual({ ok: true });
  expect((await removeDealPhoto(database.db, clock, manager, dealId, first)).map((image) => image.alt)).toEqual(["Two white towels"]);
  const audits = await database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.entityId, String(dealId)));
  expect(audits.map((audit) => audit.action)).toEqual([
    "deal.photo-upload",
    "deal.photo-upload",
    "deal.photo-reorder",
    "deal.photo-reorder",
    "deal.photo-alt",
    "deal.photo-remove",
  ]);
  expect(audits[2].changes).toMatchObject({
    photos: [
      [{ imageUrl: first }, { imageUrl: other }],
      [{ imageUrl: other }, { imageUrl: first }],
    ],
  });
});

it("a removed photo's files are deleted a week later unless a deal lists it again; the same photo uploaded again is kept", async () => {
  const storage = localDiskStorage(dir);
  const weekLater = new Date(clock.now().getTime() + 8 * 86_400_000);
  // What the tests above removed is swept first, so only this test's photos count below.
  await sweepRemovedPhotos(database.db, storage, weekLater);
  const files = async (imageUrl: string) => {
    const image = (await readDealImages(database.db, dealId)).find((entry) => entry.imageUrl === imageUrl);
    return image?.storageKey;
  };
  const gone = await uploadDealPhoto(database.db, clock, storage, manager, { dealId, bytes: await picture("jpeg", 120), alt: "A red door" });
  const back = await uploadDealPhoto(database.db, clock, storage, manager, { dealId, bytes: await picture("jpeg", 160), alt: "A blue door" });
  if (!gone.ok || !back.ok) throw new Error("upload failed");
  const goneUrl = gone.images.at(-1)!.imageUrl;
  const backUrl = back.images.at(-1)!.imageUrl;
  const [goneKey, backKey] = [await files(goneUrl), await files(backUrl)];
  await removeDealPhoto(database.db, clock, manager, dealId, goneUrl);
  await removeDealPhoto(database.db, clock, manager, dealId, backUrl);

  // Within the week, cached pages may still name them: nothing is deleted.
  expect(await sweepRemovedPhotos(database.db, storage, new Date(clock.now().getTime() + 6 * 86_400_000))).toBe(0);
  expect(await storage.get(`${goneKey}/640.jpg`)).not.toBeNull();
  // The blue door is uploaded again (same bytes, same files) before the sweep.
  expect((await uploadDealPhoto(database.db, clock, storage, manager, { dealId, bytes: await picture("jpeg", 160), alt: "A blue door" })).ok).toBe(true);

  expect(await sweepRemovedPhotos(database.db, storage, weekLater)).toBe(1);
  for (const width of PHOTO_WIDTHS) for (const format of PHOTO_FORMATS) expect(await storage.get(`${goneKey}/${width}.${format}`)).toBeNull();
  expect(await storage.get(`${backKey}/640.jpg`)).not.toBeNull();
  // Done once: a second sweep finds nothing to do.
  expect(await sweepRemovedPhotos(database.db, storage, weekLater)).toBe(0);
});

it("refuses a role that may not edit deals", async () => {
  await expect(moveDealPhoto(database.db, clock, { staffUserId: 8, name: "Cass", role: "customer_service" }, dealId, "/x", "up")).rejects.toMatchObject({ code: "NOT_YOUR_ROLE" });
});
