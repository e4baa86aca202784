import { describe, expect, it } from "vitest";
import type { DealPage } from "../modules/catalog/deal-detail/get-deal";
import { dealJsonLd, scriptSafeJson } from "./deal-json-ld";

const ORIGIN = "https://www.wowcher.co.uk";

function page(overrides: Partial<DealPage["deal"]> = {}, buyable = true): Pick<DealPage, "deal" | "availability" | "canonicalUrl"> {
  return {
    canonicalUrl: "/deal/london/beauty/spa/42/spa-day",
    availability: { buyable, reason: buyable ? null : "SOLD_OUT", message: null },
    deal: {
      id: 42,
      headline: "Spa day </script><script>alert(1)</script> for two",
      title: "Spa day with lunch",
      images: [{ imageUrl: "/img/deal/beauty/1.svg", extension: "svg" }],
      business: { name: "Serenity Spa Ltd", displayName: "Serenity Spa", website: null, vatNumber: null, mainAddress: null, otherAddresses: [] },
      price: 1900,
      currency: "GBP",
      soldOut: !buyable,
      closingDate: "2026-12-31T23:59:00.000Z",
      reviewSummary: { average: 4.56, count: 12 },
      ...overrides,
    } as DealPage["deal"],
  };
}

const crumbs = [
  { label: "Home", href: "/deals/london" },
  { label: "Beauty", href: "/deals/london/beauty" },
  { label: "Spa day with lunch", href: "/deal/london/beauty/spa/42/spa-day" },
];

describe("deal JSON-LD", () => {
  it("is a Product with an Offer (price in major units), an AggregateRating and a BreadcrumbList, all URLs absolute", () => {
    const text = scriptSafeJson(dealJsonLd(page(), ORIGIN, crumbs));
    const [product, breadcrumbs] = JSON.parse(text);
    expect(product["@context"]).toBe("https://schema.org");
    expect(product["@type"]).toBe("Product");
    expect(product.offers).toMatchObject({ "@type": "Offer", price: "19.00", priceCurrency: "GBP", availability: "https://schema.org/InStock", url: `${ORIGIN}/deal/london/beauty/spa/42/spa-day`, priceValidUntil: "2026-12-31" });
    expect(product.image).toEqual([`${ORIGIN}/img/deal/beauty/1.svg`]);
    expect(product.aggregateRating).toMatchObject({ "@type": "AggregateRating", ratingValue: "4.6", reviewCount: 12 });
    expect(breadcrumbs["@type"]).toBe("BreadcrumbList");
    expect(breadcrumbs.itemListElement[1]).toEqual({ "@type": "ListItem", position: 2, name: "Beauty", item: `${ORIGIN}/deals/london/beauty` });
  });

  it("cannot close its script element early: '</' never appears, and the headline survives parsing", () => {
    const text = scriptSafeJson(dealJsonLd(page(), ORIGIN, crumbs));
    expect(text).not.toContain("</");
    expect(text).not.toContain("<");
    expect(JSON.parse(text)[0].name).toBe("Spa day </script><script>alert(1)</script> for two");
  });

  it("says SoldOut for a sold-out deal and leaves out the rating without reviews", () => {
    const [product] = dealJsonLd(page({ reviewSummary: { average: null, count: 0 } }, false), ORIGIN, crumbs) as Record<string, Record<string, unknown>>[];
    expect(product.offers.availability).toBe("https://schema.org/SoldOut");
    expect(product.aggregateRating).toBeUndefined();
  });
});
