import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../lib/clock";
import { insertCustomer } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { buyEGift } from "../../tests/support/gift-fixtures";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { buyVouchers } from "../../tests/support/voucher-fixtures";
import type { CustomerSummary } from "../accounts/customers";
import { products } from "../catalog/schema";
import { outboxMessages } from "../mail/schema";
import { giftVoucher } from "../my-vouchers/gift-voucher";
import { listMyVouchers, myOrderVouchers } from "../my-vouchers/my-vouchers";
import { voucherDetail } from "../my-vouchers/voucher-detail";
import { statusEvents } from "../states/schema";
import { vouchers } from "../vouchers/schema";
import { cancelGift, unclaimedGiftOf } from "./cancel-gift";
import { claimGift } from "./claim-gift";
import { findGift } from "./find-gift";
import { giftClaims } from "./schema";

let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
const now = new Date("2026-11-21T12:00:00Z");
const clock = fixedClock(now);
const services = () => ({ db: database.db, clock, brand: "wowcher" as const, linkOrigin: "https://www.wowcher.co.uk" });

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
});
afterAll(() => database.dispose());

const mailTo = (to: string) => database.db.select().from(outboxMessages).where(eq(outboxMessages.to, to)).orderBy(outboxMessages.id);
const claimsOf = (orderId: number) => database.db.select().from(giftClaims).where(eq(giftClaims.orderId, orderId)).orderBy(giftClaims.id);
const stockOf = async (productId: number) => (await database.db.select({ left: products.totalRemaining }).from(products).where(eq(products.id, productId)))[0].left;
const claimAs = (customer: CustomerSummary, code: string, productId?: number) =>
  claimGift(services(), { code, customer: { id: customer.id, email: customer.email, firstName: customer.firstName }, productId, actor: { type: "customer", id: String(customer.id) } });

describe("the claimed gift's email (codeVisibility)", () => {
  it("carries the voucher code only once the voucher is ready", async () => {
    const buyer = await insertCustomer(database.db);
    const recipient = await insertCustomer(database.db);
    const { order, vouchers: [voucher] } = await buyEGift(database.db, clock, basics, buyer, { recipientEmail: recipient.email });
    // Bought with the production wait: ready a day after the claim.
    await database.db.update(vouchers).set({ availableAt: new Date(now.getTime() + 86_400_000) }).where(eq(vouchers.id, voucher.id));
    const [claim] = await claimsOf(order.id);
    await claimAs(recipient, claim.code);
    const claimed = (await mailTo(recipient.email)).find((mail) => mail.subject.startsWith("Your gift voucher"));
    expect(claimed?.text).toContain("Your voucher will be ready on 22 November 2026");
    expect(`${claimed?.text}${claimed?.html}`).not.toContain(voucher.code);
  });
});

describe("an E-gift in an order", () => {
  it("gives each voucher a gift code, emails the codes and /mygift to the recipient, and never a voucher code", async () => {
    const buyer = await insertCustomer(database.db);
    const recipient = `grace-${buyer.id}@example.com`;
    const bought = await buyEGift(database.db, clock, basics, buyer, { quantity: 2, recipientEmail: recipient });
    const claims = await claimsOf(bought.order.id);
    expect(claims.map((claim) => [claim.voucherId, claim.status, claim.recipientName])).toEqual(bought.vouchers.map((voucher) => [voucher.id, "SENT", "Grace"]));
    for (const claim of claims) expect(claim.code).toMatch(/^[2-9A-HJ-NP-Za-km-z]{16}$/);

    const [gift] = await mailTo(recipient);
    expect(gift.subject).toBe("Ada has sent you a gift from Wowcher");
    expect(gift.text).toContain("https://www.wowcher.co.uk/mygift");
    expect(gift.text).toContain('"Happy birthday!"');
    for (const claim of claims) expect(gift.text).toContain(claim.code);
    const [confirmation] = await mailTo(buyer.email);
    for (const voucher of bought.vouchers) {
      expect(gift.text).not.toContain(voucher.code);
      expect(gift.html).not.toContain(voucher.code);
      expect(confirmation.text).not.toContain(voucher.code);
      expect(confirmation.html).not.toContain(voucher.code);
    }
    expect(confirmation.text).toContain("Sent as an E-gift to Grace");

    // The buyer's pages: Gifted, no code.
    const onConfirmation = await myOrderVouchers(database.db, { customerId: buyer.id, orderId: bought.order.id, now });
    expect(onConfirmation.map((voucher) => [voucher.code, voucher.gift?.text])).toEqual([
      [null, "Gifted"],
      [null, "Gifted"],
    ]);
    const mine = await listMyVouchers(database.db, { customerId: buyer.id, page: 1, filter: "all", now });
    expect(mine.vouchers.map((voucher) => [voucher.code, voucher.gift?.text])).toEqual([
      [null, "Gifted"],
      [null, "Gifted"],
    ]);
    const detail = await voucherDetail(database.db, { customerId: buyer.id, voucherId: bought.vouchers[0].id, now });
    expect(detail).toMatchObject({ code: null, gift: { state: "GIFTED" } });
    // The buyer keeps the refund rights.
    expect(detail!.options.refund.allowed).toBe(true);
  });
});

describe("claiming a gift", () => {
  it("shows the gift and the options at the same or a lower price; wrong or mistyped codes are not recognized", async () => {
    const buyer = await insertCustomer(database.db);
    const recipient = await insertCustomer(database.db);
    const bought = await buyEGift(database.db, clock, basics, buyer);
    const [claim] = await claimsOf(bought.order.id);

    const gift = await findGift(database.db, { code: claim.code, customerId: recipient.id, now });
    expect(gift).toMatchObject({ dealTitle: bought.deal.headline, productName: "Spa day for one", fromName: "Ada", recipientName: "Grace", message: "Happy birthday!" });
    expect(gift.options.map((option) => [option.name, option.current])).toEqual([
      ["Spa day for one", true],
      ["Express spa", false],
    ]);

    // The same code with one letter in the other case.
    const letter = [...claim.code].findIndex((char) => char.toUpperCase() !== char.toLowerCase());
    const flipped = claim.code[letter] === claim.code[letter].toUpperCase() ? claim.code[letter].toLowerCase() : claim.code[letter].toUpperCase();
    const swapped = claim.code.slice(0, letter) + flipped + claim.code.slice(letter + 1);
    for (const wrong of ["NOPE", swapped, `${claim.code}x`]) {
      await expect(findGift(database.db, { code: wrong, customerId: recipient.id, now })).rejects.toThrow("Gift code not recognized. Please try again.");
      await expect(claimAs(recipient, wrong)).rejects.toThrow("Gift code not recognized. Please try again.");
    }
    // A dearer option cannot be taken.
    await expect(claimAs(recipient, claim.code, bought.dearer.id)).rejects.toThrow("That option is no longer available. Please choose another.");
  });

  it("makes the recipient the holder of the option they chose, moves one unit between the options and emails them the voucher", async () => {
    const buyer = await insertCustomer(database.db);
    const recipient = await insertCustomer(database.db);
    const stranger = await insertCustomer(database.db);
    const bought = await buyEGift(database.db, clock, basics, buyer);
    const [claim] = await claimsOf(bought.order.id);
    const [voucher] = bought.vouchers;
    expect([await stockOf(bought.product.id), await stockOf(bought.cheaper.id)]).toEqual([9, 10]);

    const claimed = await claimAs(recipient, claim.code, bought.cheaper.id);
    expect(claimed).toEqual({ voucherId: voucher.id, productName: "Express spa" });
    const [after] = await database.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(after).toMatchObject({ customerId: buyer.id, holderCustomerId: recipient.id, productId: bought.cheaper.id, productName: "Express spa", code: voucher.code });
    expect([await stockOf(bought.product.id), await stockOf(bought.cheaper.id)]).toEqual([10, 9]);
    const [row] = await claimsOf(bought.order.id);
    expect(row).toMatchObject({ status: "CLAIMED", claimedByCustomerId: recipient.id, claimedAt: now });
    const history = await database.db
      .select()
      .from(statusEvents)
      .where(and(eq(statusEvents.aggregate, "gift_claim"), eq(statusEvents.aggregateId, claim.id)))
      .orderBy(statusEvents.id);
    expect(history.map((event) => [event.fromStatus, event.toStatus])).toEqual([
      [null, "SENT"],
      ["SENT", "CLAIMED"],
    ]);
    const [email] = await mailTo(recipient.email);
    expect(email.subject).toBe("Your gift voucher from Wowcher");
    expect(email.text).toContain(voucher.code);

    // Claimed: its claimer hears so; anyone else hears what a wrong code gets.
    await expect(claimAs(recipient, claim.code)).rejects.toThrow("You have already claimed this gift: it is in My Vouchers.");
    await expect(claimAs(stranger, claim.code)).rejects.toThrow("Gift code not recognized. Please try again.");
    await expect(findGift(database.db, { code: claim.code, customerId: stranger.id, now })).rejects.toThrow("Gift code not recognized. Please try again.");

    // The holder's My Vouchers: the voucher with its code; money goes back only to the buyer (docs/decisions/gifts-after-sale-rights.md).
    const held = await listMyVouchers(database.db, { customerId: recipient.id, page: 1, filter: "all", now });
    expect(held.vouchers.map((shown) => [shown.id, shown.code, shown.receivedAsGift, shown.gift])).toEqual([[voucher.id, voucher.code, true, null]]);
    const detail = await voucherDetail(database.db, { customerId: recipient.id, voucherId: voucher.id, now });
    expect(detail!.options.refund).toEqual({ allowed: false, reason: "This voucher was a gift: refunds and credit go only to the person who paid for it. It is yours to use until it expires." });
    expect(detail!.options.credit.allowed).toBe(false);
    // The buyer still sees it as Gifted, without the code, and may still cancel it within the 14 days.
    const buyers = await voucherDetail(database.db, { customerId: buyer.id, voucherId: voucher.id, now });
    expect(buyers).toMatchObject({ code: null, gift: { state: "GIFTED" }, receivedAsGift: false });
    expect(buyers!.options.refund.allowed).toBe(true);
    expect(await voucherDetail(database.db, { customerId: stranger.id, voucherId: voucher.id, now })).toBeNull();
  });

  it("is refused once the buyer has refunded the voucher", async () => {
    const buyer = await insertCustomer(database.db);
    const recipient = await insertCustomer(database.db);
    const bought = await buyEGift(database.db, clock, basics, buyer);
    const [claim] = await claimsOf(bought.order.id);
    await database.db.update(vouchers).set({ status: "REFUNDED" }).where(eq(vouchers.id, bought.vouchers[0].id));
    await expect(claimAs(recipient, claim.code)).rejects.toThrow("This gift can no longer be claimed. Please ask the person who sent it.");
  });
});

describe("Gift it", () => {
  it("gives a voucher the buyer kept: a gift code to the recipient, and the code hidden from the buyer from then on", async () => {
    const { customer: buyer, vouchers: [voucher] } = await buyVouchers(database.db, basics, clock);
    const stranger = await insertCustomer(database.db);
    const before = await listMyVouchers(database.db, { customerId: buyer.id, page: 1, filter: "all", now });
    expect(before.vouchers.map((shown) => [shown.code, shown.gift])).toEqual([[voucher.code, { state: "GIFT_IT", text: "Gift it" }]]);

    const request = { customerId: buyer.id, senderName: "Ada", voucherId: voucher.id, recipientName: "Max", recipientEmail: `max-${buyer.id}@example.com`, message: null, actor: { type: "customer" as const, id: String(buyer.id) } };
    await expect(giftVoucher(services(), { ...request, recipientEmail: "max" })).rejects.toThrow("Recipient email required to send E-voucher");
    await expect(giftVoucher(services(), { ...request, customerId: stranger.id })).rejects.toThrow("Page not found");
    await giftVoucher(services(), request);

    const [claim] = await database.db.select().from(giftClaims).where(eq(giftClaims.voucherId, voucher.id));
    expect(claim).toMatchObject({ status: "SENT", buyerCustomerId: buyer.id, recipientName: "Max" });
    const [email] = await mailTo(request.recipientEmail);
    expect(email.text).toContain(claim.code);
    expect(email.text).not.toContain(voucher.code);
    const after = await listMyVouchers(database.db, { customerId: buyer.id, page: 1, filter: "all", now });
    expect(after.vouchers.map((shown) => [shown.code, shown.gift?.text])).toEqual([[null, "Gifted"]]);
    await expect(giftVoucher(services(), request)).rejects.toThrow("This voucher has already been given as a gift.");
  });

  it("can be taken back before it is claimed: the code stops working, the recipient is told and the voucher is the buyer's again", async () => {
    const { customer: buyer, vouchers: [voucher] } = await buyVouchers(database.db, basics, clock);
    const recipient = await insertCustomer(database.db);
    const actor = { type: "customer" as const, id: String(buyer.id) };
    const cancel = (customerId: number) => cancelGift(services(), { customerId, senderName: "Ada", voucherId: voucher.id, actor });
    await expect(cancel(buyer.id)).rejects.toThrow("This voucher has not been given as a gift.");
    await giftVoucher(services(), { customerId: buyer.id, senderName: "Ada", voucherId: voucher.id, recipientName: "Max", recipientEmail: recipient.email, message: null, actor });
    const [sent] = await database.db.select().from(giftClaims).where(eq(giftClaims.voucherId, voucher.id));
    expect(await unclaimedGiftOf(database.db, { customerId: buyer.id, voucherId: voucher.id })).toMatchObject({ recipientName: "Max", recipientEmail: recipient.email });
    await expect(cancel(recipient.id)).rejects.toThrow("This voucher has not been given as a gift.");

    await cancel(buyer.id);
    const [cancelled] = await database.db.select().from(giftClaims).where(eq(giftClaims.id, sent.id));
    expect(cancelled.status).toBe("CANCELLED");
    expect((await mailTo(recipient.email)).map((mail) => mail.subject)).toEqual(["Ada has sent you a gift from Wowcher", "A gift from Wowcher was withdrawn"]);
    await expect(claimAs(recipient, sent.code)).rejects.toThrow("Gift code not recognized. Please try again.");
    const mine = await listMyVouchers(database.db, { customerId: buyer.id, page: 1, filter: "all", now });
    expect(mine.vouchers.map((shown) => [shown.code, shown.gift?.text])).toEqual([[voucher.code, "Gift it"]]);

    // Given again and claimed: then it can no longer be taken back.
    await giftVoucher(services(), { customerId: buyer.id, senderName: "Ada", voucherId: voucher.id, recipientName: "Max", recipientEmail: recipient.email, message: null, actor });
    const [again] = await database.db.select().from(giftClaims).where(and(eq(giftClaims.voucherId, voucher.id), eq(giftClaims.status, "SENT")));
    await claimAs(recipient, again.code);
    await expect(cancel(buyer.id)).rejects.toThrow("Your gift has already been claimed, so it can no longer be cancelled.");
  });
});
