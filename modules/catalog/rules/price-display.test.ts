import { describe, expect, it } from "vitest";
import { type PriceFacts, describePrice, hiddenPriceText, priceDisplayChoice, priceDisplayMode } from "./price-display";

const local: PriceFacts = {
  dealType: "local",
  currency: "GBP",
  price: 1900,
  originalPrice: 4500,
  discountPercentage: 57,
  vipPrice: 1700,
  vipDiscountPercentage: 62,
  vipDiscountAllowed: true,
  showPrice: true,
  showDiscount: true,
  priceIndicative: false,
  pricePerPerson: false,
  priceText: null,
};
const guest = { vipUser: false };
const vip = { vipUser: true };

describe("priceDisplayMode", () => {
  it("hides the price first, even for VIP members", () => {
    expect(priceDisplayMode({ ...local, showPrice: false }, vip)).toBe("PRICE_IS_HIDDEN");
  });

  it("shows VIP members the VIP price only where the deal allows it", () => {
    expect(priceDisplayMode(local, vip)).toBe("SHOW_VIP_DISCOUNT_PRICE");
    expect(priceDisplayMode(local, guest)).toBe("SHOW_DISCOUNT");
    expect(priceDisplayMode({ ...local, vipDiscountAllowed: false }, vip)).toBe("SHOW_DISCOUNT");
    expect(priceDisplayMode({ ...local, vipPrice: null }, vip)).toBe("SHOW_DISCOUNT");
  });

  it("shows an indicative price before a discount", () => {
    expect(priceDisplayMode({ ...local, priceIndicative: true }, guest)).toBe("SHOW_DISCOUNT_INDICATIVE");
  });

  it("words discounts and original prices differently for national deals", () => {
    expect(priceDisplayMode({ ...local, dealType: "national" }, guest)).toBe("SHOW_DISCOUNT_PERCENTAGE_NATIONAL");
    expect(priceDisplayMode({ ...local, showDiscount: false }, guest)).toBe("SHOW_ORIGINAL_PRICE");
    expect(priceDisplayMode({ ...local, dealType: "national", showDiscount: false }, guest)).toBe("SHOW_ORIGINAL_PRICE_NATIONAL");
    expect(priceDisplayMode({ ...local, dealType: "travel" }, guest)).toBe("SHOW_DISCOUNT");
  });

  it("shows the plain price when there is no saving", () => {
    expect(priceDisplayMode({ ...local, originalPrice: 1900 }, guest)).toBe("SHOW_PRICE");
  });
});

describe("priceDisplayChoice", () => {
  it("maps every mode to the display-choice set", () => {
    expect(priceDisplayChoice("PRICE_IS_HIDDEN")).toBe("hidden");
    expect(priceDisplayChoice("SHOW_PRICE")).toBe("showPrice");
    expect(priceDisplayChoice("SHOW_ORIGINAL_PRICE")).toBe("showOriginalPrice");
    expect(priceDisplayChoice("SHOW_ORIGINAL_PRICE_NATIONAL")).toBe("showOriginalPrice");
    expect(priceDisplayChoice("SHOW_DISCOUNT")).toBe("showDiscount");
    expect(priceDisplayChoice("SHOW_DISCOUNT_PERCENTAGE_NATIONAL")).toBe("showDiscount");
    expect(priceDisplayChoice("SHOW_VIP_DISCOUNT_PRICE")).toBe("showDiscount");
    expect(priceDisplayChoice("SHOW_DISCOUNT_INDICATIVE")).toBe("showDiscountIndicative");
  });

  it("shows the chosen product's price when several products are picked from a dropdown", () => {
    expect(priceDisplayChoice("SHOW_DISCOUNT", { productCount: 3, productDisplayType: "dropdown" })).toBe("showDropDownPrice");
    expect(priceDisplayChoice("SHOW_DISCOUNT", { productCount: 3, productDisplayType: "default" })).toBe("showDiscount");
    expect(priceDisplayChoice("PRICE_IS_HIDDEN", { productCount: 3, productDisplayType: "dropdown" })).toBe("hidden");
  });
});

describe("hiddenPriceText", () => {
  it("blanks a text naming a percentage, pound or euro when required", () => {
    expect(hiddenPriceText("Up to 57% off", { blankMoneyText: true })).toBe("");
    expect(hiddenPriceText("From £19", { blankMoneyText: true })).toBe("");
    expect(hiddenPriceText("From €19", { blankMoneyText: true })).toBe("");
    expect(hiddenPriceText("Call for a quote", { blankMoneyText: true })).toBe("Call for a quote");
    expect(hiddenPriceText("Up to 57% off", { blankMoneyText: false })).toBe("Up to 57% off");
    expect(hiddenPriceText(null, { blankMoneyText: false })).toBe("");
  });
});

describe("describePrice", () => {
  it("formats two decimals with the currency sign and a saving", () => {
    expect(describePrice(local, guest)).toMatchObject({ price: "£19.00", wasPrice: "£45.00", discountLabel: "Save 57%", vip: false });
    expect(describePrice({ ...local, currency: "EUR", price: 2250 }, guest).price).toBe("€22.50");
  });

  it("shows FREE for a zero price", () => {
    expect(describePrice({ ...local, price: 0, discountPercentage: 100 }, guest).price).toBe("FREE");
  });

  it("gives VIP members the VIP price and VIP discount percentage", () => {
    expect(describePrice(local, vip)).toMatchObject({ price: "£17.00", wasPrice: "£45.00", discountLabel: "Save 62%", vip: true });
  });

  it("marks a per-person price", () => {
    expect(describePrice({ ...local, dealType: "travel", pricePerPerson: true }, guest)).toMatchObject({ price: "£19.00", suffix: "pp" });
  });

  it("shows the price text and no price when hidden", () => {
    expect(describePrice({ ...local, showPrice: false, priceText: "Up to 57% off" }, guest)).toMatchObject({
      price: "",
      wasPrice: null,
      hiddenText: "Up to 57% off",
    });
  });

  it("reads 'From' for an indicative price and RRP for a national original price", () => {
    expect(describePrice({ ...local, priceIndicative: true }, guest)).toMatchObject({ prefix: "From", discountLabel: "Save up to 57%" });
    expect(describePrice({ ...local, dealType: "national", showDiscount: false }, guest)).toMatchObject({ wasLabel: "RRP", discountLabel: null });
    expect(describePrice({ ...local, dealType: "national" }, guest).discountLabel).toBe("Save 57%");
    expect(describePrice({ ...local, showDiscount: false }, guest)).toMatchObject({ wasPrice: "£45.00", discountLabel: null });
    expect(describePrice({ ...local, originalPrice: 1900 }, guest)).toMatchObject({ wasPrice: null, discountLabel: null });
  });
});
