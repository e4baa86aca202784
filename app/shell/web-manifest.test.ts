import { describe, expect, it } from "vitest";
import { BRANDS } from "../../lib/brand";
import { webManifest } from "./web-manifest";

describe("webManifest", () => {
  it("names each brand and uses its colour", () => {
    expect(webManifest(BRANDS.wowcher)).toMatchObject({ name: "Wowcher", short_name: "Wowcher", theme_color: "#d6004a", lang: "en-GB", start_url: "/" });
    expect(webManifest(BRANDS.livingsocial)).toMatchObject({ name: "LivingSocial", theme_color: "#0066a8" });
    expect(webManifest(BRANDS.wowcherie)).toMatchObject({ name: "Wowcher Ireland", short_name: "Wowcher", lang: "en-IE", theme_color: "#d6004a" });
    expect(webManifest(BRANDS.livingsocialie)).toMatchObject({ name: "LivingSocial Ireland", theme_color: "#0066a8" });
  });

  it("gives each brand its own app identity", () => {
    const ids = Object.values(BRANDS).map((brand) => webManifest(brand).id);
    expect(new Set(ids).size).toBe(4);
  });
});
