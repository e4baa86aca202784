/**
 * Merchants' deal proposals: the merchant's moves and thread, staff's review moves and who may make
 * them, one merchant never reading another's, and an approval becoming a draft deal (products and
 * photos) exactly once.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FileStorage, localDiskStorage } from "../../lib/file-storage";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { insertMerchant } from "../../tests/support/merchant-fixtures";
import { type TestDatabase, createTestDatabase } from "../../tests/support/test-db";
import { auditEvents } from "../audit/schema";
import { deals, products } from "../catalog/schema";
import { outboxMessages } from "../mail/schema";
import { statusEvents } from "../states/schema";
import { type ProposingMerchant, answerProposal, listOwnProposals, proposeDeal, proposalComments, readOwnProposal } from "./deal-proposals";
import { parseProposalForm } from "./proposal-form";
import { storeProposalPhotos } from "./proposal-photos";
import { moveProposal, commentOnProposal, proposalQueue } from "./review-proposals";
import { merchantUsers } from "./schema";

const clock = new ManualClock("2026-11-28T09:00:00Z");
const manager = { staffUserId: 7, name: "Dee", role: "deal_manager" } as const;
const editor = { staffUserId: 8, name: "Ed", role: "editor" } as const;
let database: TestDatabase;
let dir: string;
let storage: FileStorage;
let till: ProposingMerchant;
let other: ProposingMerchant;
let redeemOnly: ProposingMerchant;

const form = {
  title: "Hot stone massage",
  description: "A full hour of hot stones.",
  "options.0.title": "For one",
  "options.0.price": "39.00",
  "options.0.originalPrice": "80",
  "options.1.title": "For two",
  "options.1.price": "75.50",
  "options.1.originalPrice": "160.00",
  quantity: "100",
  startWanted: "2027-01-10",
  endWanted: "2027-03-31",
};

const picture = async () =>
  new Uint8Array(
    await sharp({ create: { width: 800, height: 500, channels: 3, background: { r: 200, g: 80, b: 40 } } })
      .png()
      .toBuffer(),
  );

async function propose(merchant: ProposingMerchant, withPhoto = false) {
  const parsed = parseProposalForm(form, "2026-11-28");
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
  const photos = withPhoto ? await storeProposalPhotos(storage, merchant.merchantId, [{ bytes: await picture(), alt: "Stones on a back" }]) : { ok: true as const, photos: [] };
  if (!photos.ok) throw new Error("photo refused");
  return (await proposeDeal(database.db, clock, merchant, parsed.input, photos.photos)).proposalId;
}

const request = (proposalId: number, move: "request-changes" | "reject" | "approve", comment = "") => ({
  proposalId,
  move,
  comment,
  brand: "wowcher" as const,
  countryCode: "GB" as const,
  linkOrigin: "https://www.example.test",
});

beforeAll(async () => {
  database = await createTestDatabase();
  dir = await mkdtemp(join(tmpdir(), "proposals-"));
  storage = localDiskStorage(dir);
  const basics = await insertCatalogBasics(database.db);
  const second = await insertMerchant(database.db);
  const [a, b, c] = await database.db
    .insert(merchantUsers)
    .values([
      { merchantId: basics.merchant.id, email: "till@example.test", name: "Till", role: "full", createdAt: clock.now() },
      { merchantId: second.id, email: "harbour@example.test", name: "Hal", role: "full", createdAt: clock.now() },
      { merchantId: basics.merchant.id, email: "desk@example.test", name: "Desk", role: "redeem_only", createdAt: clock.now() },
    ])
    .returning();
  till = { userId: a.id, merchantId: a.merchantId, name: a.name, role: a.role };
  other = { userId: b.id, merchantId: b.merchantId, name: b.name, role: b.role };
  redeemOnly = { userId: c.id, merchantId: c.merchantId, name: c.name, role: c.role };
});
afterAll(async () => {
  await database?.dispose();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("the proposal form", () => {
  it("reads price points in minor units and reports every problem at once", () => {
    const parsed = parseProposalForm(form, "2026-11-28");
    expect(parsed.ok && parsed.input.options).toEqual([
      { title: "For one", price: 3900, originalPrice: 8000 },
      { title: "For two", price: 7550, originalPrice: 16000 },
    ]);
    const bad = parseProposalForm({ ...form, title: "", "options.0.price": "90", quantity: "0", startWanted: "2026-11-01", endWanted: "2026-10-01" }, "2026-11-28");
    expect(bad.ok ? {} : bad.fieldErrors).toEqual({
      title: "Enter this: it is required.",
      "options.0.originalPrice": "The usual price must be more than the deal price.",
      quantity: "Enter how many vouchers you can honour, a whole number of 1 or more.",
      startWanted: "The first date cannot be in the past.",
      endWanted: "The last date must be on or after the first date.",
    });
  });

  it("refuses an SVG and a photo without alt text, storing nothing", async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    const result = await storeProposalPhotos(storage, till.merchantId, [
      { bytes: svg, alt: "Logo" },
      { bytes: await picture(), alt: " " },
    ]);
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        "photos.0": "The photo must be a JPEG, PNG or WebP image (SVG and other files are not accepted).",
        "alts.1": "Describe the photo for shoppers who cannot see it (alt text is required).",
      },
    });
  });
});

describe("the merchant's side", () => {
  it("writes a submitted proposal with its first history row", async () => {
    const id = await propose(till);
    const proposal = await readOwnProposal(database.db, till.merchantId, id);
    expect(proposal.status).toBe("submitted");
    const history = await database.db.select().from(statusEvents).where(eq(statusEvents.aggregateId, id));
    expect(history.filter((row) => row.aggregate === "deal_proposal").map((row) => [row.fromStatus, row.toStatus])).toEqual([[null, "submitted"]]);
  });

  it("refuses a redeem-only user", async () => {
    await expect(propose(redeemOnly)).rejects.toMatchObject({ code: "PROPOSAL_NOT_YOUR_ROLE" });
  });

  it("never shows one merchant another's proposal", async () => {
    const id = await propose(till);
    await expect(readOwnProposal(database.db, other.merchantId, id)).rejects.toMatchObject({ code: "PROPOSAL_NOT_FOUND", status: 404 });
    await expect(answerProposal(database.db, clock, other, id, { comment: "Mine now" })).rejects.toMatchObject({ code: "PROPOSAL_NOT_FOUND" });
    expect((await listOwnProposals(database.db, other.merchantId)).map((row) => row.id)).not.toContain(id);
  });

  it("resubmits only after changes were asked for, and may withdraw", async () => {
    const id = await propose(till);
    await expect(answerProposal(database.db, clock, till, id, { comment: "", move: "resubmit" })).rejects.toMatchObject({ code: "PROPOSAL_MOVE_NOT_ALLOWED" });
    expect(await moveProposal(database.db, clock, storage, manager, request(id, "request-changes", "Lower the price for two"))).toEqual({ ok: true, dealId: null });
    expect(await answerProposal(database.db, clock, till, id, { comment: "Lowered to 70", move: "resubmit" })).toEqual({ ok: true });
    expect((await readOwnProposal(database.db, till.merchantId, id)).status).toBe("submitted");
    expect((await proposalComments(database.db, id)).map((comment) => [comment.authorKind, comment.body])).toEqual([
      ["staff", "Lower the price for two"],
      ["merchant", "Lowered to 70"],
    ]);
    await answerProposal(database.db, clock, till, id, { comment: "", move: "withdraw" });
    expect((await readOwnProposal(database.db, till.merchantId, id)).status).toBe("withdrawn");
  });
});

describe("staff's side", () => {
  it("needs the review permission", async () => {
    const id = await propose(till);
    await expect(moveProposal(database.db, clock, storage, editor, request(id, "approve"))).rejects.toMatchObject({ code: "PROPOSAL_NOT_YOUR_ROLE" });
    await expect(commentOnProposal(database.db, clock, editor, id, "Hi")).rejects.toMatchObject({ code: "PROPOSAL_NOT_YOUR_ROLE" });
  });

  it("asks for a comment when asking for changes and a reason when rejecting", async () => {
    const id = await propose(till);
    expect(await moveProposal(database.db, clock, storage, manager, request(id, "request-changes", "  "))).toEqual({
      ok: false,
      message: "Write a comment: the merchant needs to know why.",
    });
    expect(await moveProposal(database.db, clock, storage, manager, request(id, "reject"))).toEqual({ ok: false, message: "Give the merchant the reason for rejecting it." });
    await moveProposal(database.db, clock, storage, manager, request(id, "reject", "We have enough massages"));
    const [mail] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.subject, "Your deal proposal was not accepted (Wowcher)"));
    expect(mail).toBeDefined();
    const audit = await database.db.select().from(auditEvents).where(eq(auditEvents.action, "deal_proposal.reject"));
    expect(audit.map((row) => row.entityId)).toContain(String(id));
  });

  it("shows waiting proposals first, oldest first", async () => {
    const queue = await proposalQueue(database.db);
    const firstOther = queue.findIndex((row) => row.status !== "submitted");
    expect(queue.slice(0, firstOther).every((row) => row.status === "submitted")).toBe(true);
    expect(queue.slice(firstOther).every((row) => row.status !== "submitted")).toBe(true);
    expect((await proposalQueue(database.db, { status: "withdrawn" })).every((row) => row.status === "withdrawn")).toBe(true);
  });

  it("approves into one draft deal with the price points as products and the photos copied", async () => {
    const id = await propose(till, true);
    const first = await moveProposal(database.db, clock, storage, manager, request(id, "approve"));
    const again = await moveProposal(database.db, clock, storage, manager, request(id, "approve"));
    expect(first.ok && first.dealId).toBeGreaterThan(0);
    expect(again).toEqual(first);
    const dealId = first.ok ? first.dealId! : 0;
    const [deal] = await database.db.select().from(deals).where(eq(deals.id, dealId));
    expect(deal).toMatchObject({ status: "draft", merchantId: till.merchantId, headline: "Hot stone massage" });
    expect(deal.images).toEqual([expect.objectContaining({ alt: "Stones on a back", imageUrl: expect.stringMatching(new RegExp(`^/img/photo/${dealId}/[0-9a-f]{16}\\.jpg$`)) })]);
    const name = deal.images[0].imageUrl.split("/").at(-1)!.replace(".jpg", "");
    expect(await storage.get(`deal-photos/${dealId}/${name}/640.webp`)).not.toBeNull();
    const options = await database.db.select().from(products).where(eq(products.dealId, dealId));
    expect(options.map((row) => [row.price, row.originalPrice]).sort()).toEqual([
      [3900, 8000],
      [7550, 16000],
    ]);
    expect((await readOwnProposal(database.db, till.merchantId, id)).dealId).toBe(dealId);
    expect(await database.db.select().from(deals).where(eq(deals.merchantId, till.merchantId))).toHaveLength(1);
  });
});
