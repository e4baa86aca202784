import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorAt, insertSellable } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { addAddon, removeAddon } from "./add-addon";
import { findBasket } from "./baskets";
import { createBasket } from "./create-basket";
import { BASKET_ERRORS } from "./errors";
import { GIFT_PRESET_DEFINITIONS, ensureGiftPresets } from "../../seed/gift-presets";
import { GIFT_MESSAGE_LIMIT, type GiftType, type PresetUnits, switchGiftUnits } from "./gifting";
import { removeLine } from "./remove-line";
import type { LineGifting } from "./schema";
import { updateLine } from "./update-line";
import { viewBasket } from "./view-basket";

let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
const now = new Date("2026-11-21T12:00:00Z");
const guest = actorAt(now);

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
  await ensureGiftPresets(database.db);
});
afterAll(() => database.dispose());

async function basketWithOneLine() {
  const { product } = await insertSellable(database.db, basics, { product: { price: 1900, totalRemaining: 20 } });
  const basket = await createBasket(database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 2 }] }, guest);
  const seen = await view(basket.token);
  return { token: basket.token, lineId: seen.lines[0].line.id };
}

async function view(token: string) {
  const basket = await findBasket(database.db, token, guest);
  if (!basket) throw new Error("basket not found");
  return viewBasket(database.db, basket, guest);
}

const choice = (type: LineGifting["type"], extra: Partial<LineGifting> = {}): LineGifting => ({
  gift: type !== "NONE",
  type,
  giftProductId: null,
  giftPackProductId: null,
  ...extra,
});

describe("gift choices on a basket line", () => {
  it("stores an E-gift's recipient and message on the line, trimmed, and keeps the quantity", async () => {
    const { token, lineId } = await basketWithOneLine();
    await updateLine(
      database.db,
      token,
      lineId,
      { gifting: choice("E_GIFT", { recipientName: " Grace ", recipientEmail: "GRACE@example.com", message: " Enjoy! " }) },
      guest,
    );
    const [entry] = (await view(token)).lines;
    expect(entry.line).toMatchObject({
      quantity: 2,
      gift: true,
      giftWrap: false,
      giftPack: false,
      gifting: { type: "E_GIFT", gift: true, recipientName: "Grace", recipientEmail: "grace@example.com", message: "Enjoy!" },
    });
    expect(entry.price.lineTotal).toBe(3800);
  });

  it("refuses an E-gift without a recipient email or name, or with a message over the limit, and keeps the line as it was", async () => {
    const { token, lineId } = await basketWithOneLine();
    await expect(
      updateLine(database.db, token, lineId, { gifting: choice("E_GIFT", { recipientName: "Grace", recipientEmail: "grace" }) }, guest),
    ).rejects.toThrow(BASKET_ERRORS.GIFT_RECIPIENT_REQUIRED.message);
    await expect(updateLine(database.db, token, lineId, { gifting: choice("E_GIFT", { recipientEmail: "grace@example.com" }) }, guest)).rejects.toThrow(
      BASKET_ERRORS.GIFT_RECIPIENT_NAME_REQUIRED.message,
    );
    const long = "x".repeat(GIFT_MESSAGE_LIMIT + 1);
    await expect(updateLine(database.db, token, lineId, { gifting: choice("GIFT", { message: long }) }, guest)).rejects.toThrow(
      BASKET_ERRORS.GIFT_MESSAGE_TOO_LONG.message,
    );
    const [entry] = (await view(token)).lines;
    expect(entry.line).toMatchObject({ gift: false, gifting: null });
  });
});

describe("gift type switching rules (spec §4), as units on the wrap and pack lines", () => {
  const none: PresetUnits = { WRAPPED: 0, NEXT_DAY_GIFT_PACK: 0, STANDARD_DELIVERY_GIFT_PACK: 0 };
  const sw = (from: GiftType, to: GiftType, fromQuantity = 2, toQuantity = fromQuantity) => ({ from, to, fromQuantity, toQuantity });

  it("adds the item quantity to a new wrap line with 'Gift Wrap Added', and quietly to an existing one", () => {
    expect(switchGiftUnits(none, sw("NONE", "WRAPPED"))).toEqual({ units: { ...none, WRAPPED: 2 }, toast: "Gift Wrap Added" });
    expect(switchGiftUnits({ ...none, WRAPPED: 1 }, sw("GIFT", "WRAPPED"))).toEqual({ units: { ...none, WRAPPED: 3 }, toast: null });
  });

  it("adds or increases the pack line with 'Gift Pack Added' each time a pack type is chosen", () => {
    expect(switchGiftUnits(none, sw("NONE", "NEXT_DAY_GIFT_PACK"))).toEqual({ units: { ...none, NEXT_DAY_GIFT_PACK: 2 }, toast: "Gift Pack Added" });
    expect(switchGiftUnits({ ...none, STANDARD_DELIVERY_GIFT_PACK: 1 }, sw("E_GIFT", "STANDARD_DELIVERY_GIFT_PACK")).units.STANDARD_DELIVERY_GIFT_PACK).toBe(3);
  });

  it("leaving a pack type reduces its line by the item quantity, or empties it", () => {
    expect(switchGiftUnits({ ...none, NEXT_DAY_GIFT_PACK: 3 }, sw("NEXT_DAY_GIFT_PACK", "GIFT"))).toEqual({ units: { ...none, NEXT_DAY_GIFT_PACK: 1 }, toast: null });
    expect(switchGiftUnits({ ...none, NEXT_DAY_GIFT_PACK: 2 }, sw("NEXT_DAY_GIFT_PACK", "STANDARD_DELIVERY_GIFT_PACK"))).toEqual({
      units: { ...none, STANDARD_DELIVERY_GIFT_PACK: 2 },
      toast: "Gift Pack Added",
    });
  });

  it("leaving WRAPPED reduces the wrap; E_GIFT and the pack types leave no wrap for the item", () => {
    expect(switchGiftUnits({ ...none, WRAPPED: 3 }, sw("WRAPPED", "NONE")).units.WRAPPED).toBe(1);
    expect(switchGiftUnits({ ...none, WRAPPED: 2 }, sw("WRAPPED", "E_GIFT")).units).toEqual(none);
    expect(switchGiftUnits({ ...none, WRAPPED: 2 }, sw("WRAPPED", "NEXT_DAY_GIFT_PACK")).units).toEqual({ ...none, NEXT_DAY_GIFT_PACK: 2 });
  });

  it("moves units quietly when a wrapped or packed item's quantity changes, and changes nothing when nothing changed", () => {
    expect(switchGiftUnits({ ...none, WRAPPED: 2 }, sw("WRAPPED", "WRAPPED", 2, 3))).toEqual({ units: { ...none, WRAPPED: 3 }, toast: null });
    expect(switchGiftUnits({ ...none, NEXT_DAY_GIFT_PACK: 2 }, sw("NEXT_DAY_GIFT_PACK", "NEXT_DAY_GIFT_PACK"))).toEqual({ units: { ...none, NEXT_DAY_GIFT_PACK: 2 }, toast: null });
  });
});

describe("gift wrap and gift pack lines in the basket", () => {
  const [wrap, nextDay, standard] = ["WRAPPED", "NEXT_DAY_GIFT_PACK", "STANDARD_DELIVERY_GIFT_PACK"].map(
    (preset) => GIFT_PRESET_DEFINITIONS.find((definition) => definition.countryCode === "GB" && definition.preset === preset)!,
  );

  async function basketWithTwoItems() {
    const a = await insertSellable(database.db, basics, { product: { price: 1900, totalRemaining: 20 } });
    const b = await insertSellable(database.db, basics, { product: { price: 2500, totalRemaining: 20 } });
    const basket = await createBasket(
      database.db,
      { eligibleForVip: false, products: [{ productId: a.product.id, quantity: 2 }, { productId: b.product.id, quantity: 1 }] },
      guest,
    );
    const lines = (await view(basket.token)).lines;
    const lineOf = (productId: number) => lines.find((entry) => entry.line.productId === productId)!.line.id;
    return { token: basket.token, a: lineOf(a.product.id), b: lineOf(b.product.id) };
  }

  /** The wrap and pack lines: product id → [quantity, line total, reservation]. */
  async function presetLines(token: string) {
    const lines = (await view(token)).lines.filter((entry) => [wrap, nextDay, standard].some((preset) => preset.productId === entry.line.productId));
    return Object.fromEntries(lines.map((entry) => [entry.line.productId!, [entry.line.quantity, entry.price.lineTotal, entry.hold.status]]));
  }

  it("follows every switching rule through the basket, with the toasts", async () => {
    const { token, a, b } = await basketWithTwoItems();
    const gift = (lineId: number, type: GiftType, extra: Partial<LineGifting> = {}) => updateLine(database.db, token, lineId, { gifting: choice(type, extra) }, guest);

    const wrapped = await gift(a, "WRAPPED");
    expect(wrapped.toast).toBe("Gift Wrap Added");
    expect(wrapped.line).toMatchObject({ giftWrap: true, giftPack: false, gifting: { type: "WRAPPED", giftProductId: wrap.productId, giftPackProductId: null } });
    expect(await presetLines(token)).toEqual({ [wrap.productId]: [2, 2 * wrap.price, "RESERVED"] });

    expect((await gift(b, "WRAPPED")).toast).toBeNull();
    expect(await presetLines(token)).toEqual({ [wrap.productId]: [3, 3 * wrap.price, "RESERVED"] });

    const packed = await gift(a, "NEXT_DAY_GIFT_PACK");
    expect(packed.toast).toBe("Gift Pack Added");
    expect(packed.line).toMatchObject({ giftWrap: false, giftPack: true, gifting: { type: "NEXT_DAY_GIFT_PACK", giftPackProductId: nextDay.productId, giftProductId: null } });
    expect(await presetLines(token)).toEqual({ [wrap.productId]: [1, wrap.price, "RESERVED"], [nextDay.productId]: [2, 2 * nextDay.price, "RESERVED"] });

    expect((await updateLine(database.db, token, a, { quantity: 3 }, guest)).toast).toBeNull();
    expect((await presetLines(token))[nextDay.productId]).toEqual([3, 3 * nextDay.price, "RESERVED"]);

    expect((await gift(a, "STANDARD_DELIVERY_GIFT_PACK")).toast).toBe("Gift Pack Added");
    expect(await presetLines(token)).toEqual({ [wrap.productId]: [1, wrap.price, "RESERVED"], [standard.productId]: [3, 3 * standard.price, "RESERVED"] });

    const eGift = await gift(b, "E_GIFT", { recipientName: "Grace", recipientEmail: "grace@example.com" });
    expect(eGift.line).toMatchObject({ giftWrap: false, gifting: { type: "E_GIFT", giftProductId: null } });
    expect(await presetLines(token)).toEqual({ [standard.productId]: [3, 3 * standard.price, "RESERVED"] });

    await gift(a, "GIFT");
    expect(await presetLines(token)).toEqual({});
    await gift(a, "NONE");
    expect((await view(token)).lines).toHaveLength(2);
  });

  it("takes a removed item's units off its wrap line, and refuses gift options on the wrap line itself", async () => {
    const { token, a, b } = await basketWithTwoItems();
    await updateLine(database.db, token, a, { gifting: choice("WRAPPED") }, guest);
    await updateLine(database.db, token, b, { gifting: choice("WRAPPED") }, guest);
    const wrapLine = (await view(token)).lines.find((entry) => entry.line.productId === wrap.productId)!.line;
    await expect(updateLine(database.db, token, wrapLine.id, { gifting: choice("WRAPPED") }, guest)).rejects.toThrow(BASKET_ERRORS.ARGS_MALFORMED.message);

    await removeLine(database.db, token, a, guest);
    expect(await presetLines(token)).toEqual({ [wrap.productId]: [1, wrap.price, "RESERVED"] });
    await removeLine(database.db, token, b, guest);
    expect((await view(token)).lines).toEqual([]);
  });

  it("leaves the items plain gifts when the shopper removes the wrap line itself", async () => {
    const { token, a, b } = await basketWithTwoItems();
    await updateLine(database.db, token, a, { gifting: choice("WRAPPED") }, guest);
    await updateLine(database.db, token, b, { gifting: choice("WRAPPED") }, guest);
    const wrapLine = (await view(token)).lines.find((entry) => entry.line.productId === wrap.productId)!.line;
    await removeLine(database.db, token, wrapLine.id, guest);
    const items = (await view(token)).lines.map(({ line }) => ({ id: line.id, type: line.gifting?.type, wrapped: line.giftWrap, gift: line.gift }));
    expect(items).toEqual([
      { id: a, type: "GIFT", wrapped: false, gift: true },
      { id: b, type: "GIFT", wrapped: false, gift: true },
    ]);
  });
});

describe("add-ons in the basket", () => {
  it("prices deal protection at 1.99 and VIP at 4.99, once each, and takes either out again", async () => {
    const { token } = await basketWithOneLine();
    await addAddon(database.db, token, { addonType: "DVP" }, guest);
    await addAddon(database.db, token, { addonType: "VVE" }, guest);
    await addAddon(database.db, token, { addonType: "DVP" }, guest);
    const addons = (await view(token)).lines.filter((entry) => entry.line.kind === "addon");
    expect(addons.map((entry) => [entry.line.addonType, entry.price.lineTotal])).toEqual([
      ["DVP", 199],
      ["VVE", 499],
    ]);
    await removeAddon(database.db, token, "DVP", guest);
    const left = (await view(token)).lines.map((entry) => entry.line.addonType);
    expect(left).toEqual([null, "VVE"]);
  });
});
