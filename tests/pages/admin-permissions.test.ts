/**
 * The back office's permission check, walked for real: every /admin page (from app/routes.ts) and
 * every /v1/admin route (from the OpenAPI document), for every role, answers 403 exactly when the
 * permission table says the role lacks it. A new admin route without a line in the page or API
 * permission table fails here. Also: the sign-in steps (password, then a code) as pages.
 */
import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { ADMIN_ACTION_PERMISSIONS, ADMIN_PAGE_PERMISSIONS } from "../../app/admin/page-permissions";
import { ADMIN_API_PERMISSIONS } from "../../server/api/admin";
import { decodeBase32 } from "../../modules/sign-in/base32";
import { totpCodeAt } from "../../modules/sign-in/totp";
import { confirmStaffTotp, newStaffTotpEnrolment } from "../../modules/staff/enrol-totp";
import { hasPermission } from "../../modules/staff/permissions";
import { STAFF_ROLES, type StaffRole } from "../../modules/staff/roles";
import { staffUsers } from "../../modules/staff/schema";
import { passSecondFactor, startStaffSession } from "../../modules/staff/staff-sessions";
import { insertCustomer, insertSellable } from "../support/buying-fixtures";
import { insertCatalogBasics } from "../support/catalog-fixtures";
import { ManualClock } from "../support/manual-clock";
import { type PageApp, pageHtml, pageText, startPageApp } from "../support/page-app";
import { contentPages } from "../../modules/content/schema";
import { promoCodes } from "../../modules/promotions/schema";
import { dealProposals, merchantUsers } from "../../modules/merchants/schema";
import { payoutBankFiles, payoutRuns, payouts } from "../../modules/payouts/schema";
import { insertStaffMember } from "../support/staff-fixtures";
import { insertTravelStay } from "../support/travel-fixtures";
import { TestBrowser } from "../support/test-browser";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let database: TestDatabase;
let app: PageApp;
let close: () => Promise<void>;
const clock = new ManualClock("2026-11-28T09:00:00Z");
let ip = 0;
let dealId = 0;
let merchantId = 0;
let contentPageId = 0;
let promoCodeId = 0;
let travelDealId = 0;
let travelProductId = 0;
let proposalId = 0;
let customerId = 0;
let payoutId = 0;
let bankFileId = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  const basics = await insertCatalogBasics(database.db);
  dealId = (await insertSellable(database.db, basics)).deal.id;
  customerId = (await insertCustomer(database.db)).id;
  const stay = await insertTravelStay(database.db, basics, { from: "2026-12-01", nights: 10 });
  [travelDealId, travelProductId] = [stay.deal.id, stay.product.id];
  merchantId = basics.merchant.id;
  const [contentPage] = await database.db
    .insert(contentPages)
    .values({ slug: "aboutus", kind: "page", displayName: "About us", description: "Who we are", text: "We sell deals.", updatedAt: clock.now() })
    .returning({ id: contentPages.id });
  contentPageId = contentPage.id;
  const [promoCode] = await database.db
    .insert(promoCodes)
    .values({
      brand: "wowcher",
      code: "WALK10",
      kind: "percentage",
      value: 10,
      startsAt: clock.now(),
      endsAt: new Date(clock.now().getTime() + 86_400_000),
      createdAt: clock.now(),
    })
    .returning({ id: promoCodes.id });
  promoCodeId = promoCode.id;
  const [proposer] = await database.db.insert(merchantUsers).values({ merchantId, email: "till@example.test", name: "Till", createdAt: clock.now() }).returning();
  const [proposal] = await database.db
    .insert(dealProposals)
    .values({
      merchantId,
      submittedBy: proposer.id,
      title: "Hot stones",
      description: "An hour",
      options: [{ title: "For one", price: 3900, originalPrice: 8000 }],
      quantity: 10,
      startWanted: "2027-01-01",
      endWanted: "2027-02-01",
      createdAt: clock.now(),
      updatedAt: clock.now(),
    })
    .returning({ id: dealProposals.id });
  proposalId = proposal.id;
  const [run] = await database.db.insert(payoutRuns).values({ cutoffAt: new Date("2026-11-25T14:00:00Z"), startedAt: clock.now(), startedBy: "test" }).returning();
  const [file] = await database.db.insert(payoutBankFiles).values({ createdAt: clock.now(), createdByName: "Fran", payoutCount: 1, total: 1600 }).returning();
  const [payout] = await database.db
    .insert(payouts)
    .values({ runId: run.id, merchantId, currency: "GBP", status: "approved", grossSales: 2000, commission: 400, amount: 1600, commissionBps: 2000, bankFileId: file.id, createdAt: clock.now() })
    .returning();
  [payoutId, bankFileId] = [payout.id, file.id];
  ({ app, close } = await startPageApp(database, clock));
}, 120_000);
afterAll(async () => {
  await close?.();
  await database?.dispose();
});

/** The real thing a page of one thing is walked with, by the page's path (a deal unless named here). */
function realIdFor(path: string): number {
  if (path.startsWith("admin/deals/:id/travel-rates")) return travelDealId;
  if (path.startsWith("admin/merchants/")) return merchantId;
  if (path.startsWith("admin/content/")) return contentPageId;
  if (path.startsWith("admin/promo-codes/")) return promoCodeId;
  if (path.startsWith("admin/proposals/")) return proposalId;
  if (path.startsWith("admin/customers/")) return customerId;
  if (path.startsWith("admin/payouts/bank-files/")) return bankFileId;
  if (path.startsWith("admin/payouts/")) return payoutId;
  return dealId;
}

/** A page's address with its parameters filled by real records. */
const urlFor = (path: string) => `/${path.replace(":id", String(realIdFor(path))).replace(":productId", String(travelProductId))}`;

function browser() {
  ip += 1;
  return new TestBrowser(app, { ip: `198.51.100.${ip}` });
}

/** A browser signed in as a member of the role, second factor passed. */
async function signedInAs(role: StaffRole): Promise<TestBrowser> {
  const id = await insertStaffMember(database.db, clock, { email: `${role}-${ip}@example.com`, role });
  const session = await startStaffSession(database.db, clock, id, null);
  await passSecondFactor(database.db, clock, session.id);
  const member = browser();
  member.cookies.set("staffSession", session.token);
  return member;
}

/** Every route's full path and whether its module (or its index's) has an action. */
function flatten(entries: readonly RouteConfigEntry[], parent = ""): { path: string; hasAction: boolean }[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent : [parent, entry.path ?? ""].filter(Boolean).join("/");
    const hasAction = /export (async )?function action/.test(readFileSync(`app/${entry.file}`, "utf8"));
    return [{ path, hasAction }, ...flatten(entry.children ?? [], path)];
  });
}

const isAdmin = (path: string) => path === "admin" || path.startsWith("admin/") || path.startsWith("admin.");
const adminRoutes = flatten(routes).filter((route) => isAdmin(route.path));
const adminPages = [...new Set(adminRoutes.map((route) => route.path))];
const guardedPages = adminPages.filter((path) => ADMIN_PAGE_PERMISSIONS[path as keyof typeof ADMIN_PAGE_PERMISSIONS] !== null);
const withAction = new Set(adminRoutes.filter((route) => route.hasAction).map((route) => route.path));

describe("the permission table covers every admin route", () => {
  it("lists every /admin page of app/routes.ts", () => {
    expect(adminPages.length).toBeGreaterThan(5);
    for (const path of adminPages) expect(Object.keys(ADMIN_PAGE_PERMISSIONS), `/${path} needs a line in ADMIN_PAGE_PERMISSIONS`).toContain(path);
  });

  it("lists every /v1/admin route of the OpenAPI document", async () => {
    const document = (await (await browser().request("/v1/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>> };
    const apiRoutes = Object.entries(document.paths)
      .filter(([path]) => path.startsWith("/admin"))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    expect(apiRoutes.sort()).toEqual(Object.keys(ADMIN_API_PERMISSIONS).sort());
  });
});

describe.each(STAFF_ROLES)("as %s", (role) => {
  it("each page and API route answers 403 exactly when the table says so", async () => {
    const member = await signedInAs(role);
    for (const path of guardedPages) {
      const permission = ADMIN_PAGE_PERMISSIONS[path as keyof typeof ADMIN_PAGE_PERMISSIONS]!;
      const allowed = hasPermission(role, permission);
      // A page of one thing (a deal, a merchant, a content page) is walked with a real one.
      const url = urlFor(path);
      const read = await member.request(url);
      expect(read.status === 403, `GET /${path} as ${role}`).toBe(!allowed);
      if (allowed) expect(read.status, `GET /${path} as ${role}`).toBe(200);
      if (!withAction.has(path)) continue;
      const write = await member.request(url, { method: "POST", form: { _csrf: await member.csrfToken(), intent: "nothing" } });
      const actionPermission = ADMIN_ACTION_PERMISSIONS[path as keyof typeof ADMIN_ACTION_PERMISSIONS];
      const mayWrite = allowed && (!actionPermission || hasPermission(role, actionPermission));
      expect(write.status === 403, `POST /${path} as ${role}`).toBe(!mayWrite);
    }
    for (const [route, permission] of Object.entries(ADMIN_API_PERMISSIONS)) {
      const [method, path] = route.split(" ");
      const answer = await member.request(`/v1${path}`, { method });
      expect(answer.status, `${route} as ${role}`).toBe(hasPermission(role, permission) ? 200 : 403);
    }
  });
});

describe("signing in", () => {
  it("sends a signed-out visitor to the sign-in, and answers 401 on the API", async () => {
    const visitor = browser();
    const page = await visitor.request("/admin/staff");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/admin/login?redirectUrl=%2Fadmin%2Fstaff");
    expect((await visitor.request("/v1/admin/staff")).status).toBe(401);
  });

  it("asks for a code after the password, and opens nothing until it is right", async () => {
    const id = await insertStaffMember(database.db, clock, { email: "coded@example.com", role: "owner", password: "a long owner password", name: "Coral" });
    const enrolment = newStaffTotpEnrolment("coded@example.com");
    const secret = decodeBase32(enrolment.secret)!;
    await confirmStaffTotp(database.db, clock, id, { secret: enrolment.secret, code: totpCodeAt(secret, clock.now()) });
    clock.advance(30_000);

    const owner = browser();
    const keyBefore = owner.cookies.get("csrf");
    const login = await owner.request("/admin/login", { method: "POST", form: { _csrf: await owner.csrfToken(), email: "coded@example.com", password: "a long owner password" } });
    expect(login.status).toBe(302);
    // Signing in sets a new CSRF key at once (never a deletion left to the next requests, which a
    // page sends several at a time and would each mint a key: its forms would then be refused).
    expect(login.headers.getSetCookie().find((cookie) => cookie.startsWith("csrf="))).toMatch(/^csrf=[\w-]{20,}/);
    expect(owner.cookies.get("csrf")).not.toBe(keyBefore);
    expect(login.headers.get("location")).toBe("/admin/second-factor");
    owner.refreshCsrf();
    expect((await owner.request("/admin")).headers.get("location")).toBe("/admin/second-factor");
    expect((await owner.request("/v1/admin/staff")).status).toBe(401);

    const wrong = await owner.request("/admin/second-factor", { method: "POST", form: { _csrf: await owner.csrfToken(), code: totpCodeAt(secret, new Date(0)) } });
    expect(wrong.status).toBe(400);
    expect(pageText(await pageHtml(wrong))).toContain("That code is not right.");
    const right = await owner.request("/admin/second-factor", { method: "POST", form: { _csrf: await owner.csrfToken(), code: totpCodeAt(secret, clock.now()) } });
    expect(right.headers.get("location")).toBe("/admin");
    const pages = await Promise.all([owner.request("/admin"), owner.request("/admin/staff")]);
    expect(pages.flatMap((page) => page.headers.getSetCookie()).filter((cookie) => cookie.startsWith("csrf="))).toEqual([]);
    const dashboard = pageText(await pageHtml(await owner.request("/admin")));
    expect(dashboard).toContain("Coral");
    expect(dashboard).toContain("Staff");
    expect((await owner.request("/v1/admin/staff")).status).toBe(200);
  });

  it("refuses the password of a member who was disabled", async () => {
    await insertStaffMember(database.db, clock, { email: "gone@example.com", role: "analyst", password: "a long analyst password" });
    const { db } = database;
    await db.update(staffUsers).set({ disabledAt: clock.now() }).where(eq(staffUsers.email, "gone@example.com"));
    const gone = browser();
    const login = await gone.request("/admin/login", { method: "POST", form: { _csrf: await gone.csrfToken(), email: "gone@example.com", password: "a long analyst password" } });
    expect(login.status).toBe(403);
    expect(pageText(await pageHtml(login))).toContain("This account has been disabled.");
  });
});

describe("signing out", () => {
  it("ends this browser's session, or every session of the member with Sign out everywhere", async () => {
    const id = await insertStaffMember(database.db, clock, { email: "two-desks@example.com", role: "finance" });
    const desks = await Promise.all(
      [1, 2, 3].map(async () => {
        const session = await startStaffSession(database.db, clock, id, null);
        await passSecondFactor(database.db, clock, session.id);
        const desk = browser();
        desk.cookies.set("staffSession", session.token);
        return desk;
      }),
    );
    const [first, second, third] = desks;
    const out = await first.request("/admin/logout", { method: "POST", form: { _csrf: await first.csrfToken() } });
    expect(out.headers.get("location")).toBe("/admin/login");
    expect((await first.request("/admin")).status).toBe(302);
    expect((await second.request("/admin")).status).toBe(200);

    await second.request("/admin/logout", { method: "POST", form: { _csrf: await second.csrfToken(), everywhere: "1" } });
    expect((await third.request("/admin")).headers.get("location")).toBe("/admin/login?redirectUrl=%2Fadmin");
  });
});

describe("the staff and audit pages", () => {
  it("invites from the staff page, lists the problems of a bad form, and shows and exports the audit row", async () => {
    const owner = await signedInAs("owner");
    const csrf = await owner.csrfToken();
    const bad = await owner.request("/admin/staff", { method: "POST", form: { _csrf: csrf, intent: "invite", name: "", email: "not an email", role: "deal_manager" } });
    expect(bad.status).toBe(400);
    const badHtml = await pageHtml(bad);
    expect(pageText(badHtml)).toContain("There is a problem");
    expect(badHtml).toContain('href="#invite-email"');

    const invited = await owner.request("/admin/staff", { method: "POST", form: { _csrf: csrf, intent: "invite", name: "Eve =Editor", email: "eve@example.com", role: "editor" } });
    expect(invited.status).toBe(200);
    expect(pageText(await pageHtml(invited))).toContain("Invitation sent to eve@example.com.");

    const timeline = pageText(await pageHtml(await owner.request("/admin/audit?entityType=staff_user")));
    expect(timeline).toContain("staff.invite");
    expect(timeline).toContain("name: null → &quot;Eve =Editor&quot;");

    const csv = await owner.request("/admin/audit.csv?entityType=staff_user");
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toBe("Time (UTC),Person,Role,Action,Entity,Entity id,Changes,Reason,IP,Request id");
    expect(lines.some((line) => line.includes(",staff.invite,staff_user,"))).toBe(true);

    const api = await owner.api<{ events: { action: string }[]; next: string | null }>("GET", "/v1/admin/audit?entityType=staff_user&limit=1");
    expect(api.body.events.map((event) => event.action)).toEqual(["staff.invite"]);
  });
});

describe("hostile input", () => {
  const HOSTILE_VALUES = ["' OR 1=1 --", "<script>alert(1)</script>", "𝕏".repeat(400), "-1", "99999999999999999999", "2026-02-30T25:61", "\u202e", "NaN", ""];
  const FIELDS = [
    ...["name", "email", "role", "displayName", "businessName", "vatNumber", "website", "contactEmail", "contactPhone", "commission", "headline", "title"],
    ...["description", "finePrint", "from", "to", "reason", "goLiveAt", "text", "additionalText", "openedAt", "brand", "code", "kind", "value"],
    ...["minimumSpend", "subCategoryId", "startsAt", "endsAt", "maxUses", "maxUsesPerCustomer", "staffUserId", "userId", "file"],
    ...["price", "vipPrice", "rooms", "onSale"],
  ];
  const INTENTS = ["update", "invite", "copy", "move", "preview", "save", "check", "load", "role", "disable", "nothing", ""];

  it("every admin form answers an owner's hostile posts with a clear refusal, never a server error", async () => {
    const owner = await signedInAs("owner");
    const csrf = await owner.csrfToken();
    for (const path of guardedPages.filter((page) => withAction.has(page))) {
      const url = urlFor(path);
      for (const intent of INTENTS) {
        for (const value of HOSTILE_VALUES) {
          const form = { _csrf: csrf, intent, ...Object.fromEntries(FIELDS.map((field) => [field, value])) };
          const answer = await owner.request(url, { method: "POST", form });
          expect(answer.status, `POST ${url} intent=${intent} value=${JSON.stringify(value.slice(0, 20))}`).toBeLessThan(500);
        }
      }
    }
    // Every form with an action adds a dozen intents times the hostile values: more than the default 30 s on a shared machine.
  }, 300_000);
});
