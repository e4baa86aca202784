import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorAt, insertSellable } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { addAddon, removeAddon } from "./add-addon";
import { findBasket } from "./baskets";
import { createBasket } from "./create-basket";
import { BASKET_ERRORS } from "./errors";
import { GIFT_MESSAGE_LIMIT } from "./gifting";
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

  it("follows the gift type switching rules: wrap on WRAPPED only, packs drop the wrap, NONE clears everything", async () => {
    const { token, lineId } = await basketWithOneLine();
    const line = async () => (await view(token)).lines[0].line;

    await updateLine(database.db, token, lineId, { gifting: choice("WRAPPED") }, guest);
    expect(await line()).toMatchObject({ gift: true, giftWrap: true, giftPack: false, gifting: { type: "WRAPPED" } });

    await updateLine(database.db, token, lineId, { gifting: choice("NEXT_DAY_GIFT_PACK", { giftPackProductId: 77 }) }, guest);
    expect(await line()).toMatchObject({ giftWrap: false, giftPack: true, gifting: { type: "NEXT_DAY_GIFT_PACK", giftPackProductId: 77 } });

    await updateLine(database.db, token, lineId, { gifting: choice("GIFT", { message: "For you", recipientEmail: "ignored@example.com" }) }, guest);
    expect(await line()).toMatchObject({
      gift: true,
      giftWrap: false,
      giftPack: false,
      gifting: { type: "GIFT", message: "For you", recipientEmail: null, giftPackProductId: null },
    });

    await updateLine(database.db, token, lineId, { gifting: choice("NONE") }, guest);
    expect(await line()).toMatchObject({ gift: false, giftWrap: false, giftPack: false, gifting: { type: "NONE", gift: false } });
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
