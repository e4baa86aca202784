import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../lib/config";
import { paymentWebhookEvents } from "../modules/payments/schema";
import { SandboxPaymentProvider } from "../modules/payments/sandbox/sandbox-provider";
import { sandboxTransactions } from "../modules/payments/sandbox/schema";
import { tokenizeCard } from "../modules/payments/sandbox/tokenize";
import { ManualClock } from "../tests/support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-db";
import { CHALLENGE_CARD } from "../tests/support/three-d-secure";
import { createApp } from "./app";

const clock = new ManualClock("2026-11-28T12:00:00Z");
const RETURN_URL = "http://localhost:3000/checkout/token/payment-return?attempt=1";
let database: TestDatabase;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  app = createApp({
    database,
    clock,
    config: loadConfig({ NODE_ENV: "test" }),
    logger: pino({ level: "silent" }),
  });
});
afterAll(() => database.dispose());

async function challenge(key: string): Promise<string> {
  const nonce = await tokenizeCard(database.db, clock, {
    number: CHALLENGE_CARD,
    expiry: "12/29",
    securityCode: "123",
    postalCode: "SW1A 1AA",
  });
  if (!nonce.ok) throw new Error("card refused");
  const provider = new SandboxPaymentProvider(database.db, clock);
  const answer = await provider.authorizeInteractive({
    idempotencyKey: key,
    amount: 2400,
    currency: "GBP",
    source: { kind: "nonce", nonce: nonce.nonce },
    customerRef: null,
    returnUrl: RETURN_URL,
  });
  if (answer.ok !== "requires_action") throw new Error("expected a challenge");
  return answer.url;
}

/** Opens the test bank page as a browser would: its cookie and its form's token. */
async function openPage(url: string) {
  const page = await app.request(url);
  const html = await page.text();
  const cookie = page.headers.get("set-cookie")?.split(";")[0] ?? "";
  const token = /name="token" value="([^"]+)"/.exec(html)?.[1] ?? "";
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? "";
  return { page, html, cookie, token, action };
}

const press = (action: string, form: Record<string, string>, cookie: string) =>
  app.request(action, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams(form).toString(),
  });

describe("the sandbox's test bank page (3-D Secure)", () => {
  it("says it is the sandbox's test bank and shows the amount with Approve and Decline", async () => {
    const { page, html } = await openPage(await challenge("page-1"));
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(html).toContain("<h1>Confirm your payment</h1>");
    expect(html).toContain("Sandbox test bank");
    expect(html).toContain("£24.00");
    expect(html).toContain(">Approve</button>");
    expect(html).toContain(">Decline</button>");
  });

  it("refuses a press without the page's own token (another site's form)", async () => {
    const { action, cookie } = await openPage(await challenge("page-2"));
    const forged = await press(action, { decision: "approve", token: "guessed" }, cookie);
    expect(forged.status).toBe(403);
    expect(await press(action, { decision: "approve" }, "")).toHaveProperty("status", 403);
    const reference = action.split("/").at(-1)!;
    const [transaction] = await database.db.select().from(sandboxTransactions).where(eq(sandboxTransactions.id, reference));
    expect(transaction.status).toBe("requires_action");
  });

  it("Approve returns the browser to the shop's stored return URL and sends the shop a signed webhook", async () => {
    // The return URL in the page's address is not trusted: the stored one is used.
    const url = (await challenge("page-3")).replace(/return=[^&]+/, "return=https%3A%2F%2Fevil.example");
    const { action, cookie, token } = await openPage(url);
    const approved = await press(action, { decision: "approve", token }, cookie);
    expect(approved.status).toBe(303);
    expect(approved.headers.get("location")).toBe(RETURN_URL);
    const reference = action.split("/").at(-1)!;
    const events = await database.db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.type, "challenge.completed"));
    expect(events.map((event) => event.payload)).toContainEqual({
      reference,
      result: "approved",
    });
    // The page again (browser back): already answered, nothing decided twice.
    expect((await openPage(url)).html).toContain("You have already approved this payment.");
  });
});
