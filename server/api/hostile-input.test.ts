/**
 * Hostile input over the whole /v1 API, driven by its OpenAPI document: every path and query
 * parameter and every body field of every operation gets each hostile value (NUL bytes, lone UTF-16
 * surrogates, integers at and beyond 2^31, odd redirect URLs, broken percent-encoding, wrong types).
 * Every answer must be below 500, and every 4xx must have the standard error shape.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCustomer, insertSellable, signInAs } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { HOSTILE_JSON_VALUES, HOSTILE_URL_VALUES } from "../../tests/support/hostile-values";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestBrowserApp, TestBrowser } from "../../tests/support/test-browser";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";

let database: TestDatabase;
let app: ReturnType<typeof createTestBrowserApp>;
let browser: TestBrowser;
const clock = new ManualClock(new Date());

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  items?: Schema;
  minLength?: number;
  minimum?: number;
  format?: string;
};
type Parameter = { name: string; in: "path" | "query" | "header" | "cookie"; schema?: Schema };
type Operation = { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema: Schema }> } };
type Document = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

let doc: Document;
/** Real values for fields and parameters of these names, so the probes get past "not found" to the code behind. */
const known: Record<string, unknown> = { location: "london", postcode: "N1 1AA", email: "a@example.com", quantity: 1 };

function resolve(schema: Schema): Schema {
  if (schema.$ref) return resolve(doc.components!.schemas![schema.$ref.split("/").pop()!]);
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice) return resolve(choice.find((option) => option.type !== "null") ?? choice[0]);
  if (schema.allOf) return resolve(schema.allOf[0]);
  return schema;
}

/** A plausible value for a schema (every property filled in, so every field can be fuzzed). */
function sample(raw: Schema, name?: string): unknown {
  if (name && name in known) return known[name];
  const schema = resolve(raw);
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object":
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, property]) => [key, sample(property, key)]));
    case "array":
      return schema.items ? [sample(schema.items)] : [];
    case "integer":
    case "number":
      return Math.max(1, schema.minimum ?? 1);
    case "boolean":
      return true;
    default:
      return schema.format === "email" ? "a@example.com" : "x".repeat(Math.max(1, schema.minLength ?? 1));
  }
}

/** Paths to every primitive field of a sample body. */
function leaves(value: unknown, path: string[] = []): string[][] {
  if (value && typeof value === "object" && !Array.isArray(value)) return Object.entries(value).flatMap(([key, inner]) => leaves(inner, [...path, key]));
  if (Array.isArray(value)) return value.length ? [[...path], ...leaves(value[0], [...path, "0"])] : [path];
  return [path];
}

function withValue(body: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = (Array.isArray(body) ? [...body] : { ...(body as object) }) as Record<string, unknown>;
  copy[path[0]] = withValue(copy[path[0]], path.slice(1), value);
  return copy;
}

let address = 0;
/** Each request from its own address, so per-IP rate limits never hide what lies behind them. */
const freshIp = () => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

interface Probe {
  method: string;
  url: string;
  body?: unknown;
  headers: Record<string, string>;
  what: string;
}

function probesOf(path: string, method: string, operation: Operation): Probe[] {
  const params = operation.parameters ?? [];
  const values = Object.fromEntries(params.map((param) => [param.name, encodeURIComponent(String(sample(param.schema ?? {}, param.name)))]));
  const headers = Object.fromEntries(params.filter((param) => param.in === "header").map((param) => [param.name, "header-value-12345"]));
  const url = (overrides: Record<string, string>) => {
    const all = { ...values, ...overrides };
    const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => all[name]);
    const query = params.filter((param) => param.in === "query").map((param) => `${param.name}=${all[param.name]}`);
    return `/v1${filled}${query.length ? `?${query.join("&")}` : ""}`;
  };
  const jsonSchema = operation.requestBody?.content?.["application/json"]?.schema;
  const body = jsonSchema ? sample(jsonSchema) : undefined;
  const probes: Probe[] = [];
  for (const param of params.filter((p) => p.in === "path" || p.in === "query")) {
    for (const value of HOSTILE_URL_VALUES) {
      probes.push({ method, url: url({ [param.name]: value }), body, headers, what: `${param.in} ${param.name}=${value}` });
    }
  }
  if (body !== undefined) {
    for (const field of leaves(body)) {
      for (const value of HOSTILE_JSON_VALUES) {
        probes.push({ method, url: url({}), body: withValue(body, field, value), headers, what: `body ${field.join(".") || "(whole)"}=${JSON.stringify(value)}` });
      }
    }
  }
  return probes;
}

function hasErrorShape(body: unknown): boolean {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === "string" && typeof error.message === "string";
}

beforeAll(async () => {
  database = await createTestDatabase();
  const { product } = await insertSellable(database.db, await insertCatalogBasics(database.db));
  app = createTestBrowserApp(database, clock);
  browser = new TestBrowser(app);
  const customer = await insertCustomer(database.db);
  await signInAs(browser, database.db, customer, clock);
  const basket = await browser.api<{ token: string }>("POST", "/v1/basket", { products: [{ dealProductId: product.id, quantity: 1 }] });
  Object.assign(known, {
    token: basket.body.token,
    basketToken: basket.body.token,
    customerToken: customer.customerToken,
    dealId: product.dealId,
    dealProductId: product.id,
    productId: product.id,
  });
  doc = (await (await app.request("/v1/openapi.json")).json()) as Document;
}, 60_000);

afterAll(() => database.dispose());

describe("hostile input over the OpenAPI document", () => {
  it("answers every operation below 500, with the error shape for every 4xx", async () => {
    const problems: string[] = [];
    let sent = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const probe of probesOf(path, method.toUpperCase(), operation)) {
          sent += 1;
          // Header values (the idempotency key) differ per probe: a repeated key would replay the first answer.
          const headers = Object.fromEntries(Object.entries(probe.headers).map(([name, value]) => [name, `${value}-${sent}`]));
          const response = await browser.request(probe.url, { method: probe.method, json: probe.body, headers: { ...headers, "x-forwarded-for": freshIp() } });
          const text = await response.text();
          let parsed: unknown = null;
          try {
            parsed = JSON.parse(text);
          } catch {
            // Not JSON: reported below when it is an error answer.
          }
          if (response.status >= 500 || (response.status >= 400 && !hasErrorShape(parsed))) {
            problems.push(`${probe.method} ${path} ${probe.what} → ${response.status} ${text.slice(0, 120)}`);
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(1000);
    expect(problems).toEqual([]);
  }, 600_000);
});
