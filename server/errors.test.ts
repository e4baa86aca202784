import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DomainError } from "../lib/errors";
import { AccountError } from "../modules/accounts/errors";
import { BasketError, maxQuantityTodayMessage } from "../modules/basket/errors";
import type { AppEnv } from "./context";
import { errorAnswer, errorResponse, shownError } from "./errors";

/** An app whose one route throws the given error, logging into `logged`. */
function throwing(error: unknown, logged: string[]) {
  const app = new Hono<AppEnv>();
  const log = pino({ level: "info" }, { write: (line: string) => logged.push(line) });
  app.use(async (c, next) => {
    c.set("log", log);
    await next();
  });
  app.onError(errorResponse);
  app.get("/", () => {
    throw error;
  });
  return app;
}

describe("the error mapper", () => {
  it("answers a domain error with its own status, code, spec message and details", async () => {
    const logged: string[] = [];
    const response = await throwing(new BasketError("MAX_QUANTITY_TODAY", maxQuantityTodayMessage(3), 3), logged).request("/");
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: { code: "BASKET_MAX_QUANTITY_TODAY", message: "The maximum quantity of this deal that you can buy today is 3", maxQuantity: 3 },
    });
    expect(logged).toEqual([]);
  });

  it("gives an account error the status its catalogue declares", () => {
    expect(errorAnswer(new AccountError("ACCOUNT_LOCKED"))).toMatchObject({ status: 423, code: "ACCOUNT_LOCKED" });
    expect(errorAnswer(new AccountError("LINK_EXPIRED"))).toMatchObject({ status: 410, code: "LINK_EXPIRED" });
  });

  it("never lets details replace the code or the message", async () => {
    const sneaky = new DomainError("PRICE_CHANGED", 409, "The price changed.", { code: "OTHER", message: "other" });
    expect(await (await throwing(sneaky, []).request("/")).json()).toEqual({ error: { code: "PRICE_CHANGED", message: "The price changed." } });
  });

  it("answers invalid input 400 VALIDATION_ERROR naming the field", () => {
    const invalid = z.object({ page: z.number() }).safeParse({ page: "x" });
    expect(invalid.success).toBe(false);
    expect(errorAnswer(invalid.error)).toMatchObject({ status: 400, code: "VALIDATION_ERROR", message: expect.stringMatching(/^page: /) });
  });

  it("keeps a framework 4xx the caller's mistake", () => {
    expect(errorAnswer(new HTTPException(415, { message: "Unsupported Media Type" }))).toEqual({ status: 415, code: "BAD_REQUEST", message: "Unsupported Media Type" });
  });

  it("answers anything else 500 without internals, and logs it", async () => {
    const logged: string[] = [];
    const response = await throwing(new Error("connection refused at 10.0.0.5"), logged).request("/");
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: { code: "INTERNAL_ERROR", message: "An unexpected error occurred." } });
    expect(logged.join()).toContain("connection refused at 10.0.0.5");
  });

  it("lets a page show a domain error with the API's status, and rethrows anything else", () => {
    expect(shownError(new BasketError("ARGS_MALFORMED"))).toMatchObject({ status: 400, message: "args malformed" });
    const bug = new TypeError("undefined is not a function");
    expect(() => shownError(bug)).toThrow(bug);
  });
});
