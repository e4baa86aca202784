import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalogue } from "../../seed";
import { BRANDS } from "../../lib/brand";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { contentBlocks } from "./blocks";
import { getContentPage, isContentSlug } from "./pages";
import { contentPages, seasonalThemes } from "./schema";
import { listScrollerConfiguration } from "./scrollers";
import { activeCountdown, activeSeasonalTheme } from "./themes";
import { evaluatePromo } from "../promotions/evaluate-promo";
import { findPromoCode } from "../promotions/promo-codes";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalogue(database.db, { deals: 0, now: new Date("2026-11-21T12:00:00Z") });
});

afterAll(() => database.dispose());

describe("content pages", () => {
  it("serves seeded copy with the brand's name", async () => {
    const page = await getContentPage(database.db, "aboutus", BRANDS.livingsocial);
    expect(page?.displayName).toBe("About us");
    expect(page?.text).toContain("LivingSocial finds the best things");
    expect(page?.text).not.toContain("{brand}");
  });

  it("prefers a brand's own version of a page", async () => {
    await database.db.insert(contentPages).values({
      slug: "student-discount",
      brand: "wowcherie",
      kind: "page",
      displayName: "Student discount (Ireland)",
      description: "For Irish students.",
      text: "Irish students save more.",
      updatedAt: new Date(),
    });
    expect((await getContentPage(database.db, "student-discount", BRANDS.wowcherie))?.displayName).toBe("Student discount (Ireland)");
    expect((await getContentPage(database.db, "student-discount", BRANDS.wowcher))?.displayName).toBe("Student discount");
  });

  it("has nothing for unknown or malformed slugs", async () => {
    expect(await getContentPage(database.db, "nothing", BRANDS.wowcher)).toBeNull();
    expect(await getContentPage(database.db, "../etc/passwd", BRANDS.wowcher)).toBeNull();
    expect(isContentSlug("regulated-finance-complaints.html")).toBe(true);
    expect(isContentSlug("guides/hub")).toBe(true);
    expect(isContentSlug("a/b/c")).toBe(false);
  });

  it("turns stored text into headings, paragraphs and lists", () => {
    expect(contentBlocks("Intro line one\nline two\n\n## Heading\n- one\n- two\n\nEnd.")).toEqual([
      { type: "paragraph", text: "Intro line one line two" },
      { type: "heading", text: "Heading" },
      { type: "list", items: ["one", "two"] },
      { type: "paragraph", text: "End." },
    ]);
  });
});

describe("seasonal themes", () => {
  it("follows the spec's windows and prefers the more specific one where they overlap", async () => {
    const at = (iso: string) => activeSeasonalTheme(database.db, "wowcher", new Date(iso));
    expect(await at("2024-11-15T12:00:00Z")).toBe("black-friday");
    expect(await at("2024-12-05T12:00:00Z")).toBe("christmas");
    expect(await at("2024-12-22T12:00:00Z")).toBe("christmas-egift");
    expect(await at("2025-02-01T12:00:00Z")).toBe("valentines");
    expect(await at("2025-03-01T12:00:00Z")).toBeNull();
    // The seeded windows repeat for the seed year.
    expect(await at("2026-11-21T12:00:00Z")).toBe("black-friday");
  });

  it("is configuration: a new window takes effect without code", async () => {
    await database.db.insert(seasonalThemes).values({ name: "summer", startsAt: new Date("2026-07-01T00:00:00Z"), endsAt: new Date("2026-08-31T23:59:59Z") });
    expect(await activeSeasonalTheme(database.db, "wowcher", new Date("2026-07-15T12:00:00Z"))).toBe("summer");
  });
});

describe("countdown banners and scrollers", () => {
  it("runs the countdown on the Irish site only, inside its window", async () => {
    const during = new Date("2026-11-21T12:00:00Z");
    expect(await activeCountdown(database.db, "wowcherie", during)).toMatchObject({
      label: "Black Friday: 15% off with code BLACKFRIDAY ends in",
      endsAt: "2026-12-08T23:59:59.000Z",
    });
    expect(await activeCountdown(database.db, "wowcher", during)).toBeNull();
    // The deadline is real: the code the banner names works until the countdown ends, and not after.
    const code = await findPromoCode(database.db, "wowcherie", "BLACKFRIDAY");
    const basket = { signedIn: true, currency: "EUR" as const, lines: [{ subCategoryId: 1, itemsTotal: 10_000 }], usage: { total: 0, byCustomer: 0 } };
    expect(evaluatePromo("BLACKFRIDAY", code, { ...basket, now: new Date("2026-12-08T23:59:00Z") })).toMatchObject({ applicable: true, discount: 1_500 });
    expect(evaluatePromo("BLACKFRIDAY", code, { ...basket, now: new Date("2026-12-09T00:00:00Z") })).toMatchObject({ applicable: false, problem: "EXPIRED" });
    expect(await activeCountdown(database.db, "wowcherie", new Date("2026-12-09T12:00:00Z"))).toBeNull();
  });

  it("lists a brand's scrollers in order with the spec's fields", async () => {
    const rows = await listScrollerConfiguration(database.db, "wowcherie", "homepage");
    expect(rows.length).toBeGreaterThan(2);
    expect(rows[0]).toMatchObject({ header: "Date night ideas", specialSearchTag: "date-night", pageLocation: "homepage" });
    expect(rows.at(-1)?.ctaLink).toBe("/deals/escapes");
  });
});
