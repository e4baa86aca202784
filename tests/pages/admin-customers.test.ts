/**
 * Customer service's pages as an agent uses them: one search box, the shopper's page with what
 * they hold, a note added and listed, a voucher's code reissued, its expiry extended and its email
 * sent again, a gift card voided or reissued, a VIP renewal cancelled and a VIP charge refunded;
 * the analyst reads without the forms, and the server refuses them the actions.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers } from "../../modules/accounts/schema";
import { auditEvents } from "../../modules/audit/schema";
import { giftCards } from "../../modules/gift-cards/schema";
import { jobs } from "../../modules/jobs/schema";
import { outboxMessages } from "../../modules/mail/schema";
import { vipCharges, vipMemberships } from "../../modules/vip/schema";
import { vouchers } from "../../modules/vouchers/schema";
import { walletAdjustments } from "../../modules/customer-service/schema";
import { walletEntries } from "../../modules/wallet/schema";
import { insertCustomer } from "../support/buying-fixtures";
import { insertCatalogBasics, insertDeal } from "../support/catalog-fixtures";
import { ManualClock } from "../support/manual-clock";
import { insertVoucher } from "../support/merchant-fixtures";
import { type PageApp, pageHtml, pageText, startPageApp } from "../support/page-app";
import { signedInStaff } from "../support/staff-fixtures";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { insertVipYear } from "../support/vip-fixtures";

let database: TestDatabase;
let app: PageApp;
let close: () => Promise<void>;
const clock = new ManualClock("2026-11-28T09:00:00Z");
let shopper: { id: number; email: string };
let deal: Awaited<ReturnType<typeof insertDeal>>;

beforeAll(async () => {
  database = await createTestDatabase();
  deal = await insertDeal(database.db, await insertCatalogBasics(database.db));
  shopper = await insertCustomer(database.db);
  await database.db.update(customers).set({ firstName: "Marie", lastName: "Curie", failedLoginCount: 2, lastFailedLoginAt: clock.now() }).where(eq(customers.id, shopper.id));
  await database.db.insert(walletEntries).values({
    customerId: shopper.id,
    currency: "GBP",
    balanceType: "refundable",
    amount: 1250,
    reason: "refund",
    description: "Refund of voucher 90000001",
    remaining: 1250,
    expiresAt: new Date("2027-11-28T09:00:00Z"),
    createdAt: clock.now(),
  });
  ({ app, close } = await startPageApp(database, clock));
}, 120_000);
afterAll(async () => {
  await close?.();
  await database?.dispose();
});

describe("customer service", () => {
  it("finds the shopper by name and says what matched; the page shows their wallet and failed sign-ins, and opening it is audited", async () => {
    const agent = await signedInStaff(app, database.db, clock, { role: "customer_service", name: "Cass", ip: "198.51.100.71" });
    const results = await pageHtml(await agent.request("/admin/customers?q=marie+cur"));
    expect(pageText(results)).toContain("1 shopper match “marie cur”.");
    expect(results).toContain(`href="/admin/customers/${shopper.id}"`);
    expect(pageText(results)).toContain("Marie Curie");
    expect(pageText(await pageHtml(await agent.request("/admin/customers?q=nobody+here")))).toContain("No shopper matches “nobody here”.");

    const page = pageText(await pageHtml(await agent.request(`/admin/customers/${shopper.id}`)));
    expect(page).toContain(shopper.email);
    expect(page).toContain("GBP: refundable £12.50, marketing £0.00");
    expect(page).toContain("Refund of voucher 90000001");
    expect(page).toContain("2 failed sign-ins in a row");
    const views = await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "customer.view"), eq(auditEvents.entityId, String(shopper.id))));
    expect(views.map((view) => view.actorName)).toEqual(["Cass"]);
    expect((await agent.request("/admin/customers/99999999")).status).toBe(404);
  });

  it("an agent adds a note, which is listed with its author; an empty one is refused at the field; the analyst reads without the form", async () => {
    const agent = await signedInStaff(app, database.db, clock, { role: "customer_service", name: "Nora", ip: "198.51.100.72" });
    const empty = await agent.request(`/admin/customers/${shopper.id}`, { method: "POST", form: { _csrf: await agent.csrfToken(), body: " ", orderId: "" } });
    expect(empty.status).toBe(400);
    expect(pageText(await pageHtml(empty))).toContain("Write the note before adding it.");
    const saved = await agent.request(`/admin/customers/${shopper.id}`, {
      method: "POST",
      form: { _csrf: await agent.csrfToken(), body: "Asked about her refund; told 3 to 5 days.", orderId: "" },
    });
    expect(saved.status).toBe(200);
    const page = pageText(await pageHtml(saved));
    expect(page).toContain("Note added.");
    expect(page).toContain("Nora");
    expect(page).toContain("Asked about her refund; told 3 to 5 days.");

    const analyst = await signedInStaff(app, database.db, clock, { role: "analyst", name: "Ana", ip: "198.51.100.73" });
    const read = await pageHtml(await analyst.request(`/admin/customers/${shopper.id}`));
    expect(pageText(read)).toContain("Asked about her refund; told 3 to 5 days.");
    expect(read).not.toContain('id="note-body"');
  });

  it("answers hostile or empty forms with a clear error, never a 500; only a lead or owner may decide on goodwill credit (403 otherwise)", async () => {
    const agent = await signedInStaff(app, database.db, clock, { role: "customer_service", name: "Hugo", ip: "198.51.100.74" });
    const post = async (form: Record<string, string>) => agent.request(`/admin/customers/${shopper.id}`, { method: "POST", form: { _csrf: await agent.csrfToken(), ...form } });
    const goodwill = await post({ intent: "goodwill", amount: "<script>alert(1)</script>", goodwillReason: "x", key: "k" });
    expect(goodwill.status).toBe(400);
    expect(pageText(await pageHtml(goodwill))).toContain("Enter an amount between 0.01 and 500.00.");
    expect((await post({ intent: "refund", voucherId: "'; drop table vouchers;--", destination: "wallet", refundReason: "x" })).status).toBe(404);
    expect((await post({ intent: "unlock", unlockReason: "" })).status).toBe(400);
    expect((await post({ intent: "erase", eraseReason: "Asked", confirmed: "" })).status).toBe(400);
    expect((await post({ intent: "no-such-thing" })).status).toBe(400);
    // The agent may ask for goodwill credit but not decide on it: the server refuses, whatever the page shows.
    expect((await post({ intent: "decide", creditId: "1", decision: "approve", decisionNote: "mine" })).status).toBe(403);
    const lead = await signedInStaff(app, database.db, clock, { role: "customer_service_lead", name: "Lena", ip: "198.51.100.75" });
    const unknown = await lead.request(`/admin/customers/${shopper.id}`, {
      method: "POST",
      form: { _csrf: await lead.csrfToken(), intent: "decide", creditId: "999999", decision: "approve", decisionNote: "ok" },
    });
    expect(unknown.status).toBe(404);
    const [row] = await database.db.select({ status: customers.status }).from(customers).where(eq(customers.id, shopper.id));
    expect(row.status).toBe("active");
  });

  it("an agent reissues a voucher's code, extends it and sends its email again; bad choices are refused at the field; the analyst gets 403", async () => {
    const voucher = await insertVoucher(database.db, deal, { customerId: shopper.id, createdAt: clock.now() });
    const othersVoucher = await insertVoucher(database.db, deal, { createdAt: clock.now() });
    const agent = await signedInStaff(app, database.db, clock, { role: "customer_service", name: "Rita", ip: "198.51.100.76" });
    const post = async (form: Record<string, string>) => agent.request(`/admin/customers/${shopper.id}`, { method: "POST", form: { _csrf: await agent.csrfToken(), ...form } });
    const form = pageHtml(await agent.request(`/admin/customers/${shopper.id}`));
    for (const label of ["Send an email again", "Reissue a voucher code", "Extend a voucher&#x27;s expiry"]) expect(await form).toContain(`aria-label="${label}"`);

    const reissued = await post({ intent: "reissue", voucherId: String(voucher.id), reissueReason: "Code posted online by mistake" });
    expect(reissued.status).toBe(200);
    const afterReissue = pageText(await pageHtml(reissued));
    expect(afterReissue).toContain("New code issued: the old one no longer works");
    const [{ code }] = await database.db.select({ code: vouchers.code }).from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(code).not.toBe(voucher.code);
    expect(afterReissue).toContain(code);
    expect(afterReissue).not.toContain(voucher.code);

    const zero = await post({ intent: "extend", voucherId: String(voucher.id), months: "0", extendReason: "Asked" });
    expect(zero.status).toBe(400);
    expect(await pageHtml(zero)).toMatch(/id="extend-months-error"[^>]*>Extend by 1 to 12 whole months\./);
    const extended = await post({ intent: "extend", voucherId: String(voucher.id), months: "2", extendReason: "Merchant closed for a month" });
    expect(extended.status).toBe(200);
    expect(pageText(await pageHtml(extended))).toContain("Extended by 2 months");

    const resent = await post({ intent: "resend", resend: `voucher:${voucher.id}`, resendReason: "Email deleted" });
    expect(resent.status).toBe(200);
    const mails = await database.db.select().from(outboxMessages).where(eq(outboxMessages.to, shopper.email)).orderBy(outboxMessages.id);
    expect(mails.map((mail) => mail.subject)).toEqual(["Your voucher has a new code", "Your voucher has been extended", "Your voucher"]);
    expect(mails[2].text).toContain(code);

    const notTheirs = await post({ intent: "reissue", voucherId: String(othersVoucher.id), reissueReason: "x" });
    expect(notTheirs.status).toBe(400);
    expect(await pageHtml(notTheirs)).toMatch(/id="reissue-voucher-error"[^>]*>That voucher is not this shopper&#x27;s/);
    const otherOrder = await post({ intent: "resend", resend: `order:${othersVoucher.orderId}`, resendReason: "x" });
    expect(otherOrder.status).toBe(400);
    expect(pageText(await pageHtml(otherOrder))).toContain("That order is not this shopper's: choose one of their orders.");
    expect((await post({ intent: "resend", resend: "voucher:<script>", resendReason: "x" })).status).toBe(400);
    expect((await post({ intent: "extend", voucherId: String(voucher.id), months: "1; drop", extendReason: "x" })).status).toBe(400);
    const noReason = await post({ intent: "reissue", voucherId: String(voucher.id), reissueReason: "  " });
    expect(noReason.status).toBe(400);
    expect(pageText(await pageHtml(noReason))).toContain("Give the reason: it is kept in the audit trail.");

    const analyst = await signedInStaff(app, database.db, clock, { role: "analyst", name: "Alex", ip: "198.51.100.77" });
    expect(await pageHtml(await analyst.request(`/admin/customers/${shopper.id}`))).not.toContain('aria-label="Reissue a voucher code"');
    const refused = await analyst.request(`/admin/customers/${shopper.id}`, {
      method: "POST",
      form: { _csrf: await analyst.csrfToken(), intent: "reissue", voucherId: String(voucher.id), reissueReason: "Curious" },
    });
    expect(refused.status).toBe(403);
    const [still] = await database.db.select({ code: vouchers.code }).from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(still.code).toBe(code);
  });

  it("an agent adjusts the wallet (never below zero; above the limit a lead approves, an agent deciding is refused 403) and cancelling an order answers 4xx for what cannot be", async () => {
    const agent = await signedInStaff(app, database.db, clock, { role: "customer_service", name: "Wes", ip: "198.51.100.78" });
    const post = async (who: typeof agent, form: Record<string, string>) =>
      who.request(`/admin/customers/${shopper.id}`, { method: "POST", form: { _csrf: await who.csrfToken(), ...form } });
    const page = await pageHtml(await agent.request(`/admin/customers/${shopper.id}`));
    for (const label of ["Adjust wallet credit", "Cancel an order"]) expect(page).toContain(`aria-label="${label}"`);
    expect(page).toContain('<label for="adjust-amount"');
    const adjust = (form: Record<string, string>) => post(agent, { intent: "adjust", direction: "add", balanceType: "marketing", adjustReason: "Voucher code failed", ...form });

    const added = await adjust({ adjustAmount: "£5.00", key: "page-adjust-key-0000001" });
    expect(added.status).toBe(200);
    const afterAdd = pageText(await pageHtml(added));
    expect(afterAdd).toContain("Wallet adjusted: the shopper has been emailed.");
    expect(afterAdd).toContain("refundable £12.50, marketing £5.00");

    const tooMuch = await adjust({ direction: "take", balanceType: "refundable", adjustAmount: "20.00", key: "page-adjust-key-0000002" });
    expect(tooMuch.status).toBe(409);
    expect(pageText(await pageHtml(tooMuch))).toContain("The shopper's balance is too small to take that much away");
    const hostileAmount = await adjust({ adjustAmount: "<script>", key: "page-adjust-key-0000003" });
    expect(hostileAmount.status).toBe(400);
    expect(await pageHtml(hostileAmount)).toMatch(/id="adjust-amount-error"[^>]*>Enter an amount between 0.01 and 500.00/);
    expect((await adjust({ direction: "sideways", adjustAmount: "1.00", key: "page-adjust-key-0000004" })).status).toBe(400);
    expect((await adjust({ balanceType: "cash", adjustAmount: "1.00", key: "page-adjust-key-0000005" })).status).toBe(400);

    expect((await adjust({ direction: "take", balanceType: "refundable", adjustAmount: "2.50", key: "page-adjust-key-0000007" })).status).toBe(200);
    const big = await adjust({ adjustAmount: "£30.00", key: "page-adjust-key-0000006" });
    expect(pageText(await pageHtml(big))).toContain("Above the limit: the adjustment waits for a customer-service lead's approval.");
    const [awaiting] = await database.db.select().from(walletAdjustments).where(eq(walletAdjustments.idempotencyKey, "page-adjust-key-0000006"));
    expect((await post(agent, { intent: "decideAdjustment", adjustmentId: String(awaiting.id), decision: "approve", adjustmentNote: "mine" })).status).toBe(403);
    const lead = await signedInStaff(app, database.db, clock, { role: "customer_service_lead", name: "Lou", ip: "198.51.100.79" });
    expect(await pageHtml(await lead.request(`/admin/customers/${shopper.id}`))).toContain(`aria-label="Decide on wallet adjustment ${awaiting.id}"`);
    const approved = await post(lead, { intent: "decideAdjustment", adjustmentId: String(awaiting.id), decision: "approve", adjustmentNote: "Refund was doubled" });
    expect(approved.status).toBe(200);
    const afterApproval = pageText(await pageHtml(approved));
    expect(afterApproval).toContain("Approved: the wallet is adjusted and the shopper has been emailed.");
    expect(afterApproval).toContain("refundable £10.00, marketing £35.00");
    const mails = await database.db.select().from(outboxMessages).where(eq(outboxMessages.to, shopper.email)).orderBy(outboxMessages.id);
    expect(mails.slice(-3).map((mail) => mail.subject)).toEqual(["We've added credit to your wallet", "We've corrected your wallet credit", "We've added credit to your wallet"]);
    const audits = await database.db.select().from(auditEvents).where(eq(auditEvents.action, "wallet-adjustment.approve"));
    expect(audits.map((row) => [row.actorName, row.reason])).toEqual([["Lou", "Refund was doubled"]]);

    const othersVoucher = await insertVoucher(database.db, deal, { createdAt: clock.now() });
    const notTheirs = await post(agent, { intent: "cancelOrder", orderId: String(othersVoucher.orderId), cancelReason: "Merchant closed" });
    expect(notTheirs.status).toBe(400);
    expect(await pageHtml(notTheirs)).toMatch(/id="cancel-order-error"[^>]*>That order is not this shopper&#x27;s/);
    expect((await post(agent, { intent: "cancelOrder", orderId: "1 or 1=1", cancelReason: "x" })).status).toBe(400);
    const used = await insertVoucher(database.db, deal, { customerId: shopper.id, status: "REDEEMED", redeemedAt: clock.now(), createdAt: clock.now() });
    const nothing = await post(agent, { intent: "cancelOrder", orderId: String(used.orderId), cancelReason: "Merchant closed" });
    expect(nothing.status).toBe(409);
    expect(pageText(await pageHtml(nothing))).toContain("Nothing is left to refund on this order");
  });

  it("an agent voids and reissues the shopper's gift cards, cancels their VIP renewal and refunds a VIP charge once; another shopper's card or charge and a missing reason are refused", async () => {
    const member = await insertCustomer(database.db, { vip: true });
    const other = await insertCustomer(database.db);
    const membership = await insertVipYear(database.db, { customerId: member.id, start: new Date("2026-09-01T00:00:00Z"), autoRenew: true });
    const card = (code: string, buyerCustomerId: number) =>
      database.db
        .insert(giftCards)
        .values({
          code,
          currency: "GBP",
          amount: 2000,
          orderId: 1,
          orderLineId: 1,
          buyerCustomerId,
          recipientName: "Pierre",
          recipientEmail: "pierre.gift@example.com",
          message: null,
          expiresAt: new Date("2027-05-01T00:00:00Z"),
          createdAt: clock.now(),
        })
        .returning()
        .then((rows) => rows[0]);
    const lost = await card("PageGiftCodeLost01", member.id);
    const seen = await card("PageGiftCodeSeen01", member.id);
    const othersCard = await card("PageGiftCodeOther1", other.id);
    const charge = async (customerId: number, membershipId: number) =>
      (
        await database.db
          .insert(vipCharges)
          .values({
            membershipId,
            customerId,
            periodStart: new Date("2026-09-01T00:00:00Z"),
            periodEnd: new Date("2027-09-01T00:00:00Z"),
            amount: 499,
            currency: "GBP",
            status: "paid",
            idempotencyKey: `page-renewal-${customerId}`,
            authorizationId: `auth-page-${customerId}`,
            createdAt: new Date("2026-09-01T00:00:00Z"),
            updatedAt: new Date("2026-09-01T00:00:00Z"),
          })
          .returning()
      )[0];
    const paid = await charge(member.id, membership.id);
    const othersCharge = await charge(other.id, 999999);

    const agent = await signedInStaff(app, database.db, clock, { role: "customer_service", name: "Gina", ip: "198.51.100.80" });
    // What the page shows, without the data the page's scripts carry.
    const shown = async (response: Response) => pageText((await pageHtml(response)).replace(/<script[\s\S]*?<\/script>/g, ""));
    const post = async (form: Record<string, string>) => agent.request(`/admin/customers/${member.id}`, { method: "POST", form: { _csrf: await agent.csrfToken(), ...form } });
    const page = await pageHtml(await agent.request(`/admin/customers/${member.id}`));
    for (const label of ["Void a gift card", "Reissue a gift card", "Cancel the VIP renewal", "Refund a VIP charge"]) expect(page).toContain(`aria-label="${label}"`);
    expect(page).toContain('<label for="gift-void-card" class="font-bold">Gift card</label>');
    expect(page).toContain(`<option value="${paid.id}">Charge ${paid.id}`);

    const voided = await post({ intent: "gift-void", giftCardId: String(lost.id), giftVoidReason: "Card lost in the post" });
    expect(voided.status).toBe(200);
    expect(await shown(voided)).toContain(`Gift card ${lost.id} voided`);
    expect((await database.db.select().from(giftCards).where(eq(giftCards.id, lost.id)))[0].status).toBe("VOIDED");

    const reissued = await post({ intent: "gift-reissue", giftCardId: String(seen.id), giftReissueReason: "Code seen by someone else" });
    expect(reissued.status).toBe(200);
    const [replacement] = await database.db
      .select()
      .from(giftCards)
      .where(and(eq(giftCards.buyerCustomerId, member.id), eq(giftCards.status, "ISSUED")));
    expect(replacement).toMatchObject({ amount: 2000, recipientEmail: "pierre.gift@example.com" });
    expect(replacement.code).not.toBe(seen.code);
    expect(await shown(reissued)).toContain(`replaced by gift card ${replacement.id} with a new code`);
    const giftMails = await database.db.select().from(outboxMessages).where(eq(outboxMessages.to, "pierre.gift@example.com")).orderBy(outboxMessages.id);
    expect(giftMails.at(-1)?.text).toContain(`Your gift card code: ${replacement.code}`);

    const cancelled = await post({ intent: "vip-cancel", vipCancelReason: "Shopper rang to cancel" });
    expect(cancelled.status).toBe(200);
    expect(await shown(cancelled)).toContain("VIP renewal cancelled");
    expect((await database.db.select().from(vipMemberships).where(eq(vipMemberships.id, membership.id)))[0].autoRenew).toBe(false);
    expect(await pageHtml(await agent.request(`/admin/customers/${member.id}`))).not.toContain('aria-label="Cancel the VIP renewal"');

    const refunded = await post({ intent: "vip-refund", chargeId: String(paid.id), vipRefundReason: "Charged after a cancellation" });
    expect(refunded.status).toBe(200);
    expect(await shown(refunded)).toContain("VIP charge refunded: £4.99 queued back to the card.");
    const again = await post({ intent: "vip-refund", chargeId: String(paid.id), vipRefundReason: "Pressed twice" });
    expect(again.status).toBe(409);
    expect(await shown(again)).toContain("This VIP charge has nothing left to refund: it was refunded already, or never paid.");
    expect((await database.db.select().from(vipCharges).where(eq(vipCharges.id, paid.id)))[0].refundedAmount).toBe(499);
    expect(
      await database.db
        .select()
        .from(jobs)
        .where(eq(jobs.uniqueKey, `vip-refund:staff:charge:${paid.id}`)),
    ).toHaveLength(1);

    const audits = await database.db.select().from(auditEvents).where(eq(auditEvents.actorName, "Gina")).orderBy(auditEvents.id);
    expect(audits.filter((row) => row.action !== "customer.view").map((row) => [row.action, row.reason])).toEqual([
      ["gift-card.void", "Card lost in the post"],
      ["gift-card.reissue", "Code seen by someone else"],
      ["vip.cancel-renewal", "Shopper rang to cancel"],
      ["vip.refund-charge", "Charged after a cancellation"],
    ]);

    // Another shopper's card or charge (or anything not an id) is refused at the choice; so is a missing reason; nothing changes.
    const notTheirsCard = await post({ intent: "gift-void", giftCardId: String(othersCard.id), giftVoidReason: "x" });
    expect(notTheirsCard.status).toBe(400);
    expect(await pageHtml(notTheirsCard)).toMatch(/id="gift-void-card-error"[^>]*>That gift card is not one this shopper bought/);
    expect((await post({ intent: "gift-reissue", giftCardId: String(othersCard.id), giftReissueReason: "x" })).status).toBe(400);
    expect((await post({ intent: "gift-reissue", giftCardId: "<script>", giftReissueReason: "x" })).status).toBe(400);
    const notTheirsCharge = await post({ intent: "vip-refund", chargeId: String(othersCharge.id), vipRefundReason: "x" });
    expect(notTheirsCharge.status).toBe(400);
    expect(await shown(notTheirsCharge)).toContain("That VIP charge is not this shopper&#x27;s: choose one of theirs.");
    const noReason = await post({ intent: "gift-void", giftCardId: String(replacement.id), giftVoidReason: " " });
    expect(noReason.status).toBe(400);
    expect(await pageHtml(noReason)).toMatch(/id="gift-void-reason-error"[^>]*>Give the reason: it is kept in the audit trail\./);
    expect((await database.db.select().from(giftCards).where(eq(giftCards.id, othersCard.id)))[0].status).toBe("ISSUED");
    expect((await database.db.select().from(giftCards).where(eq(giftCards.id, replacement.id)))[0].status).toBe("ISSUED");
    expect((await database.db.select().from(vipCharges).where(eq(vipCharges.id, othersCharge.id)))[0].refundedAmount).toBe(0);
  });
});
