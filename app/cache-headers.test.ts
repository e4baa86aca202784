import { describe, expect, it } from "vitest";
import { listingPageHeaders, publicPageHeaders } from "./cache-headers";

const cacheControl = (headers: HeadersInit) => new Headers(headers).get("cache-control");

describe("publicPageHeaders", () => {
  it("lets shared caches keep a page a minute and serve it stale five more, browsers keep nothing, tagged by deal", () => {
    const headers = new Headers(publicPageHeaders([7, 9]));
    expect(headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    expect(headers.get("x-cache-tags")).toBe("deal:7 deal:9 shell:all");
  });

  it("never keeps a page past the moment it changes by itself", () => {
    expect(cacheControl(publicPageHeaders([7], { changesInSeconds: 200.7 }))).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=140");
    expect(cacheControl(publicPageHeaders([7], { changesInSeconds: 42 }))).toBe("public, max-age=0, s-maxage=42, stale-while-revalidate=0");
    // A closed deal's page: nothing to keep (the cache stores only a positive lifetime).
    expect(cacheControl(publicPageHeaders([7], { changesInSeconds: -5 }))).toBe("public, max-age=0, s-maxage=0, stale-while-revalidate=0");
  });

  it("tags a listing page with its market too, so a deal going live or closing drops it", () => {
    expect(new Headers(listingPageHeaders("IE", [7])).get("x-cache-tags")).toBe("deal:7 listings:IE shell:all");
  });
});
