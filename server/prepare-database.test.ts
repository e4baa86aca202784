import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count, isNotNull } from "drizzle-orm";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { deals, locations } from "../modules/catalog/schema";
import { promoCodes } from "../modules/promotions/schema";
import { openDatabase } from "../db/client";
import { prepareDatabase } from "./prepare-database";

const dataDir = mkdtempSync(join(tmpdir(), "dealwise-prepare-"));
const options = { seedDeals: 60, now: new Date("2026-11-21T00:00:00Z"), logger: pino({ level: "silent" }) };

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("prepareDatabase on the embedded database", () => {
  // Two PGlite starts and a seed with its search index: slower than the default test timeout.
  it("migrates and seeds on first start, and keeps the data across a restart without seeding again", { timeout: 120_000 }, async () => {
    const first = await openDatabase({ dataDir });
    await prepareDatabase(first, options);
    const [{ total: dealsAfterFirstStart }] = await first.db.select({ total: count() }).from(deals);
    // The demo deals and the six gift presets (wrap and two packs, per market).
    expect(dealsAfterFirstStart).toBe(66);
    const demoCodes = await first.db.select({ brand: promoCodes.brand, code: promoCodes.code }).from(promoCodes);
    expect(demoCodes).toContainEqual({ brand: "wowcher", code: "WELCOME10" });
    // Two demo codes on each of the four brands, and the Irish brands' Black Friday code.
    expect(demoCodes).toContainEqual({ brand: "wowcherie", code: "BLACKFRIDAY" });
    expect(demoCodes).toHaveLength(10);
    // A database seeded before gift presets existed: the next start adds them.
    await first.db.delete(deals).where(isNotNull(deals.giftPreset));
    await first.close();

    const second = await openDatabase({ dataDir });
    await prepareDatabase(second, options);
    const [{ total: dealsAfterRestart }] = await second.db.select({ total: count() }).from(deals);
    const [{ total: locationCount }] = await second.db.select({ total: count() }).from(locations);
    expect(dealsAfterRestart).toBe(66);
    expect(locationCount).toBeGreaterThanOrEqual(33);
    await second.close();
  });
});
