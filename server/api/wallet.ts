import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { walletBalances } from "../../modules/wallet/wallet-balances";
import { walletLedger } from "../../modules/wallet/wallet-ledger";
import type { WalletError } from "../../modules/wallet/errors";
import type { AppEnv } from "../context";
import { readWallet } from "../wallet/read-wallet";
import { notSignedIn } from "./account-helpers";
import { errors, json } from "./account-schemas";
import { LedgerQuerySchema, WalletFailureSchema, WalletLedgerSchema, WalletStateSchema } from "./wallet-schemas";

const walletRoute = createRoute({
  method: "get",
  path: "/user/wallet",
  summary: "The signed-in shopper's wallet balances per currency (spec §3 wallet state; also the legacy /user/wallet)",
  responses: {
    200: { description: "Balances, the brand's currency first", ...json(WalletStateSchema) },
    503: { description: "The wallet could not be read ('An error occured fetching your living-social details.' on LivingSocial)", ...json(WalletFailureSchema) },
    default: errors("401 not signed in"),
  },
});

const ledgerRoute = createRoute({
  method: "get",
  path: "/user/wallet/ledger",
  summary: "The signed-in shopper's wallet ledger, newest first, 20 a page: what, when, where from, each credit's expiry and what is left",
  request: { query: LedgerQuerySchema },
  responses: {
    200: { description: "A page of the ledger", ...json(WalletLedgerSchema) },
    503: { description: "The wallet could not be read", ...json(WalletFailureSchema) },
    default: errors("400 invalid page; 401 not signed in"),
  },
});

const failure = (c: Context<AppEnv>, error: WalletError) =>
  c.json({ userWallet: [], hasError: true as const, error: { code: error.code, message: error.message } }, 503);

export function registerWalletRoutes(api: OpenAPIHono<AppEnv>): void {
  api.openapi(walletRoute, async (c) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    c.header("cache-control", "private, no-store");
    const read = await readWallet(c.var, () => walletBalances(c.get("db"), customer.id, { now: c.get("clock").now(), brandCurrency: c.get("brand").currency }));
    if (!read.ok) return failure(c, read.error);
    const userWallet = read.value.map((wallet) => ({ currency: wallet.currency, marketingBalance: wallet.marketing, refundableBalance: wallet.refundable }));
    return c.json({ userWallet, hasError: false as const }, 200);
  });

  api.openapi(ledgerRoute, async (c) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    c.header("cache-control", "private, no-store");
    const read = await readWallet(c.var, () => walletLedger(c.get("db"), customer.id, c.req.valid("query").page ?? 1));
    if (!read.ok) return failure(c, read.error);
    return c.json({ ...read.value, hasError: false as const }, 200);
  });
}
