import { describe, expect, it } from "vitest";
import { renderDealImage, sceneFor, seededRandom } from "./draw";
import { DEAL_IMAGE_VARIANTS, dealImagePath, dealImageSrcSet, dealImageWebpSrcSet, isValidImageRequest, parseDealImageFile } from "./urls";

/** Every translate(x y) placement of a prop in a drawing. */
function placements(svg: string): [number, number][] {
  return [...svg.matchAll(/translate\((-?[\d.]+) (-?[\d.]+)\)/g)].map((m) => [Number(m[1]), Number(m[2])]);
}

describe("deal pictures", () => {
  it("draws a scene that fits the category, preferring the sub-category", () => {
    expect(sceneFor("beauty", "spa")).toBe("spa");
    expect(sceneFor("beauty", "nails")).toBe("beauty");
    expect(sceneFor("food-and-drink", "cocktails")).toBe("drinks");
    expect(sceneFor("food-and-drink", "restaurants")).toBe("food");
    expect(sceneFor("uk-breaks", "spa-breaks")).toBe("spa");
    expect(sceneFor("international", "beach")).toBe("beach");
    expect(sceneFor("cruises", "river")).toBe("cruise");
    expect(sceneFor("electricals", "audio")).toBe("tech");
    expect(sceneFor("entertainment", "cinema")).toBe("cinema");
    expect(sceneFor("no-such-category")).toBe("gifts");
    // The label a screen reader would hear names the scene, and no caption is drawn on the picture.
    const spa = renderDealImage({ category: "beauty", subCategory: "spa", dealId: 7, variant: 1 });
    expect(spa).toContain('aria-label="Spa"');
    expect(spa).not.toContain("<text");
    expect(renderDealImage({ category: "cruises", subCategory: "river", dealId: 7, variant: 1 })).toContain('aria-label="A cruise ship"');
  });

  it("gives each picture of a deal, and each deal, its own drawing", () => {
    const gallery = Array.from({ length: DEAL_IMAGE_VARIANTS }, (_, i) => renderDealImage({ category: "beauty", subCategory: "spa", dealId: 42, variant: i + 1 }));
    expect(new Set(gallery).size).toBe(DEAL_IMAGE_VARIANTS);
    const neighbour = renderDealImage({ category: "beauty", subCategory: "spa", dealId: 43, variant: 1 });
    expect(neighbour).not.toBe(gallery[0]);
    // Deterministic: the same URL always gives the same bytes (it is cached for a year).
    expect(renderDealImage({ category: "beauty", subCategory: "spa", dealId: 42, variant: 1 })).toBe(gallery[0]);
  });

  it("draws gradients and many shapes, all placed on the canvas", () => {
    for (const [category, subCategory] of [
      ["beauty", "spa"],
      ["food-and-drink", "restaurants"],
      ["fashion", "bags"],
      ["uk-breaks", "city-breaks"],
      ["toys-kids", "toys"],
    ]) {
      for (let dealId = 1; dealId < 40; dealId++) {
        const svg = renderDealImage({ category, subCategory, dealId, variant: 1 + (dealId % 6) });
        expect(svg).toMatch(/<(linear|radial)Gradient/);
        expect((svg.match(/<(rect|circle|ellipse|path)\b/g) ?? []).length).toBeGreaterThanOrEqual(8);
        for (const [x, y] of placements(svg)) {
          expect(x).toBeGreaterThanOrEqual(0);
          expect(x).toBeLessThanOrEqual(640);
          expect(y).toBeGreaterThanOrEqual(0);
          expect(y).toBeLessThanOrEqual(420);
        }
      }
    }
  });

  it("draws random numbers in [0, 1) for every seed (unsigned shifts: a signed >> gives negatives)", () => {
    let below = 0;
    for (const seed of [0, 1, 0x7fffffff, 0x80000000, 0xdeadbeef, 0xffffffff, 123456789]) {
      const next = seededRandom(seed);
      for (let i = 0; i < 200; i++) {
        const value = next();
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThan(1);
        if (value < 0.5) below++;
      }
    }
    // Spread over the range, not stuck at one end.
    expect(below).toBeGreaterThan(500);
    expect(below).toBeLessThan(900);
  });

  it("offers an uploaded photo's renditions as JPEG and, for a <picture> source, WebP; drawings have no WebP", () => {
    const photo = "/img/photo/42/0123456789abcdef.jpg";
    expect(dealImageSrcSet(photo)).toBe(
      "/img/photo/42/0123456789abcdef-320w.jpg 320w, /img/photo/42/0123456789abcdef.jpg 640w, /img/photo/42/0123456789abcdef-960w.jpg 960w, /img/photo/42/0123456789abcdef-1280w.jpg 1280w",
    );
    expect(dealImageWebpSrcSet(photo)).toBe(
      "/img/photo/42/0123456789abcdef-320w.webp 320w, /img/photo/42/0123456789abcdef.webp 640w, /img/photo/42/0123456789abcdef-960w.webp 960w, /img/photo/42/0123456789abcdef-1280w.webp 1280w",
    );
    expect(dealImageWebpSrcSet(dealImagePath("beauty", "spa", 42, 2))).toBeUndefined();
  });

  it("offers narrower, lighter drawings of the same picture for srcset", () => {
    const url = dealImagePath("beauty", "spa", 42, 2);
    expect(url).toBe("/img/deal/beauty/spa/42-2.svg");
    expect(dealImageSrcSet(url)).toBe(
      "/img/deal/beauty/spa/42-2-320w.svg 320w, /img/deal/beauty/spa/42-2.svg 640w, /img/deal/beauty/spa/42-2-960w.svg 960w, /img/deal/beauty/spa/42-2-1280w.svg 1280w",
    );
    expect(dealImageSrcSet("/img/deal/beauty/1.svg")).toBeUndefined();
    expect(dealImageSrcSet("https://example.com/a.jpg")).toBeUndefined();
    const small = renderDealImage({ category: "food-and-drink", subCategory: "restaurants", dealId: 42, variant: 2, width: 320 });
    const large = renderDealImage({ category: "food-and-drink", subCategory: "restaurants", dealId: 42, variant: 2, width: 1280 });
    expect(small).toContain('width="320" height="200"');
    expect(large).toContain('width="1280" height="800"');
    expect(small.length).toBeLessThan(large.length);
    // Same layout at every width: the props stand in the same places.
    expect(placements(small).length).toBeGreaterThan(0);
    expect(placements(small)).toEqual(placements(large));
  });

  it("accepts only well-formed requests", () => {
    expect(parseDealImageFile("42-2.svg")).toEqual({ dealId: 42, variant: 2, width: undefined });
    expect(parseDealImageFile("42-2-320w.svg")).toEqual({ dealId: 42, variant: 2, width: 320 });
    expect(parseDealImageFile("42.svg")).toBeNull();
    expect(parseDealImageFile("../42-2.svg")).toBeNull();
    expect(isValidImageRequest({ category: "beauty", subCategory: "spa", dealId: 1, variant: 1, width: 320 })).toBe(true);
    expect(isValidImageRequest({ category: "beauty", subCategory: "spa", dealId: 1, variant: 7 })).toBe(false);
    expect(isValidImageRequest({ category: "beauty", subCategory: "spa", dealId: 1, variant: 1, width: 333 })).toBe(false);
    expect(isValidImageRequest({ category: "Beauty!", variant: 1 })).toBe(false);
  });
});
