import { describe, expect, it } from "vitest";
import { REDEMPTION_TYPES, isRedemptionType, renderRedemptionImage } from "./redemption";
import { shareLinks, withIto } from "./share-links";

describe("shareLinks", () => {
  const url = "https://www.wowcher.co.uk/deal/london/beauty/spa/30000001/spa-day";

  it("offers Facebook, Twitter, WhatsApp and email, each carrying an ito parameter", () => {
    const links = shareLinks(url, "Spa day for two");
    expect(links.map((link) => link.channel)).toEqual(["facebook", "twitter", "whatsapp", "email"]);
    for (const link of links) expect(decodeURIComponent(link.href)).toContain(`ito=share_${link.channel}`);
    expect(links[3].href.startsWith("mailto:?subject=Spa%20day%20for%20two")).toBe(true);
  });

  it("adds ito to a URL that already has a query", () => {
    expect(withIto(`${url}?usr_src=search`, "email")).toBe(`${url}?usr_src=search&ito=share_email`);
  });
});

describe("redemption how-to", () => {
  it("draws an image for every redemption type and nothing else", () => {
    for (const type of REDEMPTION_TYPES) expect(renderRedemptionImage(type)).toMatch(/^<svg .*role="img" aria-label=".+"/);
    expect(isRedemptionType("call-to-book")).toBe(true);
    expect(isRedemptionType("teleport")).toBe(false);
  });
});
