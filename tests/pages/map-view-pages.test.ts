/**
 * The map view (/map-view) as a browser without JavaScript gets it, on every brand: the location's
 * deals listed with their places, the note standing in for the map; its pins API, the offline
 * basemap and the Content-Security-Policy with and without a tile server.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../lib/config";
import { locations, merchantAddresses, merchants } from "../../modules/catalog/schema";
import { insertCatalogBasics, insertDeal } from "../support/catalog-fixtures";
import { ManualClock } from "../support/manual-clock";
import { type PageApp, pageHtml, pageText, startPageApp } from "../support/page-app";
import { TestBrowser, createTestBrowserApp } from "../support/test-browser";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let database: TestDatabase;
let app: PageApp;
let close: () => Promise<void>;
const clock = new ManualClock("2026-11-21T12:00:00Z");

const BRAND_CASES = [
  { brand: "wowcher", host: "wowcher.co.uk", location: "London", deal: "Soho spa day", price: /£19\.00/, area: "Serenity Spa, Soho" },
  { brand: "livingsocial", host: "livingsocial.co.uk", location: "London", deal: "Soho spa day", price: /£19\.00/, area: "Serenity Spa, Soho" },
  { brand: "wowcherie", host: "wowcher.ie", location: "Dublin", deal: "Temple Bar tasting menu", price: /€25\.00/, area: "The Quay Kitchen, Temple Bar" },
  { brand: "livingsocialie", host: "livingsocial.ie", location: "Dublin South", deal: "Dundrum facial", price: /€30\.00/, area: "Glow Rooms, Dundrum" },
] as const;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const basics = await insertCatalogBasics(db);
  await db.insert(locations).values({ id: 275899, name: "Dublin South", shortName: "dublin-south", countryCode: "IE", lat: 53.29, lon: -6.25 });
  const [quay, glow] = await db
    .insert(merchants)
    .values([
      { businessName: "Quay Kitchen Ltd", displayName: "The Quay Kitchen" },
      { businessName: "Glow Rooms Ltd", displayName: "Glow Rooms" },
    ])
    .returning();
  await db.insert(merchantAddresses).values([
    { merchantId: basics.merchant.id, isMain: true, addressLine1: "12 Dean Street", addressLine2: "Soho", town: "London", postCode: "W1D 3RB", lat: 51.5136, lon: -0.1318 },
    { merchantId: quay.id, isMain: true, addressLine1: "4 Essex Street", addressLine2: "Temple Bar", town: "Dublin", postCode: "D02 X285", lat: 53.3455, lon: -6.2653 },
    { merchantId: glow.id, isMain: true, addressLine1: "1 Main Street", addressLine2: "Dundrum", town: "Dublin", postCode: "D14 K7W2", lat: 53.2925, lon: -6.2457 },
  ]);
  const irish = { countryCode: "IE" as const, currency: "EUR" as const };
  await insertDeal(db, basics, { headline: "Soho spa day", totalBought: 10 });
  await insertDeal(db, basics, { headline: "Sold out Soho massage", soldOut: true });
  await insertDeal(db, basics, { headline: "Manchester spa day", locationId: 275851 });
  await insertDeal(db, basics, { ...irish, headline: "Temple Bar tasting menu", locationId: 275859, merchantId: quay.id, price: 2500, originalPrice: 5000 });
  await insertDeal(db, basics, { ...irish, headline: "Dundrum facial", locationId: 275899, merchantId: glow.id, price: 3000, originalPrice: 6000 });
  ({ app, close } = await startPageApp(database, clock));
}, 120_000);

afterAll(async () => {
  await close?.();
  await database?.dispose();
});

describe("/map-view on every brand", () => {
  it.each(BRAND_CASES)("$brand lists its default location's deals with their places and a note for the map", async ({ host, location, deal, price, area }) => {
    const response = await new TestBrowser(app, { host }).request("/map-view");
    expect(response.status).toBe(200);
    const html = await pageHtml(response);
    const text = pageText(html);
    expect(html).toMatch(new RegExp(`<h1[^>]*>Map of deals in <!-- -->${location}</h1>`));
    expect(html).toContain(`<title>Map of deals in ${location}</title>`);
    expect(text).toContain(`1 deal in ${location}`);
    expect(text).toContain(deal);
    expect(text).toContain(area);
    expect(text).toMatch(price);
    expect(text).toContain("The map needs JavaScript. Every deal it shows is in the list.");
    expect(text).not.toContain("Sold out Soho massage");
    expect(text).not.toContain("Manchester spa day");
    // The map's own region is there for the browser to draw into, labelled for screen readers.
    expect(html).toContain(`aria-label="Map of deals in ${location}"`);
    expect(html).toMatch(/<label for="map-location"[^>]*>Location<\/label>/);
  });

  it("shows the remembered location, and another one asked for by the location choice", async () => {
    const shopper = new TestBrowser(app);
    shopper.cookies.set("location", "manchester");
    expect(pageText(await pageHtml(await shopper.request("/map-view")))).toContain("Manchester spa day");
    const asked = pageText(await pageHtml(await shopper.request("/map-view?location=london")));
    expect(asked).toContain("Map of deals in London");
    expect(asked).toContain("Soho spa day");
  });

  it("answers a location of another market or a malformed one with 'Page not found'", async () => {
    const shopper = new TestBrowser(app);
    expect((await shopper.request("/map-view?location=dublin")).status).toBe(404);
    expect((await shopper.request("/map-view?location=%3Cscript%3E")).status).toBe(404);
  });

  it("serves the offline basemap: the UK and Ireland only", async () => {
    const response = await new TestBrowser(app).request("/map-view/basemap.geojson");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/geo+json");
    const basemap = JSON.parse(await pageHtml(response));
    expect(basemap.features.map((feature: { properties: { name: string } }) => feature.properties.name).sort()).toEqual(["Ireland", "United Kingdom"]);
  });
});

describe("GET /v1/map-view/deals", () => {
  it("gives the location's places and deals", async () => {
    const { status, body } = await new TestBrowser(app).api<{ location: { name: string }; places: { title: string; lat: number; lon: number; dealIds: number[] }[]; deals: { headline: string; placeId: number }[] }>(
      "GET",
      "/v1/map-view/deals?location=london",
    );
    expect(status).toBe(200);
    expect(body.location.name).toBe("London");
    expect(body.places).toEqual([expect.objectContaining({ title: "Serenity Spa", lat: 51.5136, lon: -0.1318 })]);
    expect(body.deals.map((deal) => deal.headline)).toEqual(["Soho spa day"]);
  });

  it("refuses a malformed location with a 400 and an unknown one with a 404", async () => {
    const shopper = new TestBrowser(app);
    const malformed = await shopper.api<{ message: string }>("GET", "/v1/map-view/deals?location=a%20b");
    expect(malformed.status).toBe(400);
    expect((await shopper.api("GET", "/v1/map-view/deals?location=atlantis")).status).toBe(404);
  });
});

describe("the Content-Security-Policy", () => {
  const imgSrc = (csp: string) => /img-src ([^;]+)/.exec(csp)?.[1] ?? "";

  it("allows no outside origin for images without a tile server, and no eval", async () => {
    const csp = (await new TestBrowser(app).request("/map-view")).headers.get("content-security-policy") ?? "";
    expect(imgSrc(csp).trim()).toBe("'self' data:");
    expect(csp).not.toContain("unsafe-eval");
  });

  it("allows the configured tile server's origin for images only", async () => {
    const tiled = createTestBrowserApp(database, clock, { env: { MAP_TILE_URL: "https://tiles.example.com/osm/{z}/{x}/{y}.png", MAP_TILE_ATTRIBUTION: "© OpenStreetMap contributors" } });
    const csp = (await new TestBrowser(tiled).request("/healthz")).headers.get("content-security-policy") ?? "";
    expect(imgSrc(csp)).toContain("https://tiles.example.com");
    expect(/script-src ([^;]+)/.exec(csp)?.[1]).not.toContain("tiles.example.com");
    expect(/connect-src ([^;]+)/.exec(csp)?.[1]).not.toContain("tiles.example.com");
  });

  it("refuses a tile URL without an attribution or on several hosts", () => {
    expect(() => loadConfig({ MAP_TILE_URL: "https://tiles.example.com/{z}/{x}/{y}.png" })).toThrow(/MAP_TILE_ATTRIBUTION/);
    expect(() => loadConfig({ MAP_TILE_URL: "https://{s}.tiles.example.com/{z}/{x}/{y}.png", MAP_TILE_ATTRIBUTION: "x" })).toThrow(/MAP_TILE_URL/);
    expect(() => loadConfig({ MAP_TILE_URL: "javascript:alert(1)//{z}{x}{y}", MAP_TILE_ATTRIBUTION: "x" })).toThrow(/MAP_TILE_URL/);
  });
});
