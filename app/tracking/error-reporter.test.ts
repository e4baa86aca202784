import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { ERROR_REPORTER_SCRIPT, MAX_ERROR_REPORTS_PER_PAGE } from "./error-reporter";

/** Runs the inline script against a stand-in window and collects what it POSTs. */
async function pageWithReporter() {
  const handlers: Record<string, (event: unknown) => void> = {};
  const posted: { url: string; headers: Record<string, string>; body: Record<string, unknown> }[] = [];
  let sessionLookups = 0;
  const fetch = async (url: string, init: { method?: string; headers: Record<string, string>; body?: string }) => {
    if (url === "/v1/user/session") {
      sessionLookups += 1;
      return { ok: true, json: async () => ({ csrfToken: "csrf-123" }) };
    }
    posted.push({ url, headers: init.headers, body: JSON.parse(init.body ?? "{}") });
    return { ok: true, status: 204 };
  };
  runInNewContext(ERROR_REPORTER_SCRIPT, {
    fetch,
    addEventListener: (type: string, handler: (event: unknown) => void) => (handlers[type] = handler),
    location: { origin: "https://www.wowcher.co.uk", pathname: "/deals/london", search: "?ct=secret" },
    navigator: { userAgent: "Mozilla/5.0 Test" },
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { handlers, posted, settle, lookups: () => sessionLookups };
}

describe("the client error reporter", () => {
  it("reports an uncaught error with its name, message, stack and page (no query string), with the CSRF header", async () => {
    const page = await pageWithReporter();
    const error = new TypeError("x is undefined");
    page.handlers.error({ error, message: "Uncaught TypeError: x is undefined" });
    await page.settle();
    expect(page.posted).toHaveLength(1);
    expect(page.posted[0].url).toBe("/v1/errorLog");
    expect(page.posted[0].headers["x-csrf-token"]).toBe("csrf-123");
    expect(page.posted[0].body).toMatchObject({
      client: "web",
      description: "window.onerror",
      name: "TypeError",
      message: "Uncaught TypeError: x is undefined",
      referrer: "https://www.wowcher.co.uk/deals/london",
      userAgent: "Mozilla/5.0 Test",
    });
    expect(String(page.posted[0].body.error)).toContain("x is undefined");
  });

  it("reports unhandled rejections, each distinct error once, at most five per page", async () => {
    const page = await pageWithReporter();
    page.handlers.unhandledrejection({ reason: "plain string" });
    page.handlers.unhandledrejection({ reason: "plain string" });
    for (let i = 0; i < 10; i++) page.handlers.error({ error: new Error(`boom ${i}`), message: `boom ${i}` });
    await page.settle();
    await page.settle();
    expect(page.posted).toHaveLength(MAX_ERROR_REPORTS_PER_PAGE);
    expect(page.posted[0].body).toMatchObject({ description: "unhandledrejection", name: "UnhandledRejection", message: "plain string" });
    expect(page.lookups()).toBe(1);
  });

  it("ignores error events without any error (failed image loads) and cuts long stacks", async () => {
    const page = await pageWithReporter();
    page.handlers.error({});
    const error = new Error("long");
    error.stack = "s".repeat(10_000);
    page.handlers.error({ error, message: "long" });
    await page.settle();
    expect(page.posted).toHaveLength(1);
    expect(String(page.posted[0].body.error)).toHaveLength(3000);
  });
});
