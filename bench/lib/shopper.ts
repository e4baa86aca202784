/**
 * Shoppers for the buying benchmarks: each keeps its own cookies, CSRF token and client address,
 * and works through real HTTP calls against the production server.
 */
import { and, eq, gt, inArray, isNull, or } from "drizzle-orm";
import { openDatabase } from "../../db/client";
import { deals, products } from "../../modules/catalog/schema";

/** One shopper: its own cookies, CSRF token and client address (rate limits are per address). */
export class Shopper {
  private readonly cookies = new Map<string, string>();
  private csrf = "";

  constructor(
    private readonly baseUrl: string,
    private readonly ip: string,
  ) {}

  async call(method: string, path: string, json?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        host: "wowcher.co.uk",
        "x-forwarded-for": this.ip,
        accept: "application/json",
        ...(json === undefined ? {} : { "content-type": "application/json" }),
        ...(method === "GET" ? {} : { "x-csrf-token": this.csrf }),
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
        ...headers,
      },
      body: json === undefined ? undefined : JSON.stringify(json),
      redirect: "manual",
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, value] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }

  async refreshCsrf() {
    this.csrf = String((await this.call("GET", "/v1/user/session")).body.csrfToken);
  }

  async register(index: number) {
    await this.refreshCsrf();
    const password = "bench horse battery";
    const email = `bench-${Date.now()}-${index}@example.com`;
    const registered = await this.call("POST", "/v1/register", { firstName: "Bench", lastName: `Shopper ${index}`, email, password, confirmPassword: password });
    if (registered.status >= 300) throw new Error(`registering a shopper failed: ${registered.status} ${JSON.stringify(registered.body)}`);
    await this.refreshCsrf();
  }

  /** A new basket holding one unit of a product from `pick`; picks again when one cannot be bought. */
  async newBasket(pick: () => number): Promise<string> {
    for (let tries = 0; tries < 20; tries++) {
      const created = await this.call("POST", "/v1/basket", { products: [{ dealProductId: pick(), quantity: 1 }] });
      const token = created.headers.get("location")?.split("/").pop();
      if (created.status === 201 && token) return token;
      if (created.status !== 409) throw new Error(`creating a basket failed: ${created.status} ${JSON.stringify(created.body)}`);
    }
    throw new Error("no product could be put in a basket in 20 tries");
  }
}

export interface Sample {
  ms: number;
  outcome: "ok" | "refused" | "error";
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export async function timed(samples: Sample[], call: () => Promise<{ status: number }>): Promise<{ status: number }> {
  const started = performance.now();
  const result = await call();
  const ms = performance.now() - started;
  samples.push({ ms, outcome: result.status < 300 ? "ok" : result.status < 500 && result.status !== 429 ? "refused" : "error" });
  return result;
}

/** A person's pause between two clicks: uniformly 0.5 to 1.5 times `thinkMs` (0: no pause). */
function pause(thinkMs: number): Promise<void> {
  if (thinkMs <= 0) return Promise.resolve();
  return new Promise((resolve) => setTimeout(resolve, thinkMs * (0.5 + Math.random())));
}

/**
 * Runs `step` for every shopper in a loop until the time is up, pausing `thinkMs` on average after
 * each step. The shoppers start spread over one pause, not in lock-step.
 */
export async function forEachShopper(shoppers: Shopper[], seconds: number, step: (shopper: Shopper) => Promise<void>, thinkMs = 0) {
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    shoppers.map(async (shopper) => {
      await pause(thinkMs);
      while (performance.now() < deadline) {
        await step(shopper);
        await pause(thinkMs);
      }
    }),
  );
}

export function summarise(name: string, samples: Sample[], seconds: number, target: number) {
  const ok = samples.filter((s) => s.outcome === "ok").map((s) => s.ms).sort((a, b) => a - b);
  const all = samples.map((s) => s.ms).sort((a, b) => a - b);
  const p95 = percentile(all, 95);
  const errors = samples.filter((s) => s.outcome === "error").length;
  return {
    name,
    calls: samples.length,
    ok: ok.length,
    refused: samples.filter((s) => s.outcome === "refused").length,
    errors,
    perSecond: samples.length / seconds,
    p50: percentile(all, 50),
    p95,
    p99: percentile(all, 99),
    target,
    verdict: errors === 0 && p95 < target ? "ok" : `MISSED${errors ? ` (${errors} errors)` : ""}`,
  };
}

/** Open, sellable one-unit products of these deals (the first of each deal), in the deals' order. */
export async function sellableProducts(serverEnv: Record<string, string>, dealIds: number[]): Promise<number[]> {
  const database = await openDatabase({ url: serverEnv.DATABASE_URL, dataDir: serverEnv.DATA_DIR });
  try {
    const rows = await database.db
      .select({ id: products.id, dealId: products.dealId })
      .from(products)
      .innerJoin(deals, eq(deals.id, products.dealId))
      // Price-per-person deals need two units at least; keep to the one-unit case.
      .where(and(inArray(products.dealId, dealIds), or(isNull(products.totalRemaining), gt(products.totalRemaining, 0)), eq(products.soldOut, false), eq(products.disabled, false), eq(products.visible, true), eq(deals.pricePerPerson, false)));
    // The first product of each deal, in the deals' popularity order.
    const firstByDeal = new Map<number, number>();
    for (const row of rows) if (!firstByDeal.has(row.dealId)) firstByDeal.set(row.dealId, row.id);
    return dealIds.flatMap((id) => (firstByDeal.has(id) ? [firstByDeal.get(id)!] : []));
  } finally {
    await database.close();
  }
}

/**
 * Add to basket, timed: every shopper keeps one basket, adds a product drawn by `pick` and removes
 * what it added, so stock and caps do not run out; only the add is timed. With `thinkMs`, each
 * shopper pauses like a person between one add and the next.
 */
export async function measureAddToBasket(pick: () => number, shoppers: Shopper[], seconds: number, thinkMs = 0): Promise<Sample[]> {
  const baskets = new Map<Shopper, string>();
  for (const shopper of shoppers) {
    await shopper.refreshCsrf();
    baskets.set(shopper, await shopper.newBasket(pick));
  }
  const adds: Sample[] = [];
  await forEachShopper(shoppers, seconds, async (shopper) => {
    const token = baskets.get(shopper)!;
    const added = await timed(adds, () => shopper.call("POST", `/v1/basket/${token}/product`, { dealProductId: pick(), quantity: 1 }));
    const lines = ((added as { body?: { products?: { id: string }[] } }).body?.products ?? []).slice(1);
    for (const line of lines) await shopper.call("DELETE", `/v1/basket/${token}/product/${line.id}`);
  }, thinkMs);
  return adds;
}
