import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkBoundaries } from "./check-boundaries.mjs";

let root: string | null = null;

/** A throwaway repository laid out like this one, with the given files. */
function repo(files: Record<string, string>): string {
  root = mkdtempSync(join(tmpdir(), "boundaries-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = null;
});

const schemas = {
  "modules/basket/schema.ts": 'import { pgTable } from "drizzle-orm/pg-core";\nexport const baskets = pgTable("baskets", {});\n',
  "modules/orders/schema.ts": 'import { pgTable } from "drizzle-orm/pg-core";\nexport const orders = pgTable("orders", {});\n',
};

describe("the module boundary check", () => {
  it("passes a repository whose modules keep to their own tables and layers", () => {
    const clean = repo({
      ...schemas,
      "modules/basket/close.ts": 'import { baskets } from "./schema";\nexport const close = (db: any) => db.update(baskets);\n',
      "modules/orders/place.ts": 'import { close } from "../basket/close";\nexport const place = close;\n',
      "db/schema.ts": 'export * from "../modules/basket/schema";\n',
      "seed/index.ts": 'import { baskets } from "../modules/basket/schema";\nexport const seeded = baskets;\n',
      "app/routes/page.tsx": 'import { place } from "../../modules/orders/place";\nexport default place;\n',
      // Tests may set up any table.
      "modules/orders/place.test.ts": 'import { baskets } from "../basket/schema";\nexport const t = (db: any) => db.insert(baskets);\n',
    });
    expect(checkBoundaries(clean)).toEqual([]);
  });

  it("names each file of a cycle between modules, type-only imports included", () => {
    const cyclic = repo({
      ...schemas,
      "modules/basket/facts.ts": 'import type { Order } from "../orders/place";\nexport type Facts = Order[];\n',
      "modules/orders/place.ts": 'import type { Facts } from "../basket/facts";\nexport type Order = { facts: Facts };\n',
    });
    expect(checkBoundaries(cyclic)).toEqual([
      "modules/basket/facts.ts: imports ../orders/place: import cycle between modules basket, orders (basket → orders)",
      "modules/orders/place.ts: imports ../basket/facts: import cycle between modules basket, orders (orders → basket)",
    ]);
  });

  it("finds a module writing another module's table, directly or through db/schema", () => {
    const writer = repo({
      ...schemas,
      "db/schema.ts": 'export * from "../modules/basket/schema";\nexport * from "../modules/orders/schema";\n',
      "modules/orders/place.ts": [
        'import { baskets as basketTable } from "../basket/schema";',
        'import * as schema from "../../db/schema";',
        "export async function place(tx: any) {",
        "  await tx.update(basketTable).set({});",
        "  await tx.delete(schema.baskets);",
        "  await tx.insert(schema.orders).values({});",
        "}",
      ].join("\n"),
    });
    expect(checkBoundaries(writer)).toEqual([
      "modules/orders/place.ts:4: module orders updates table baskets, which belongs to module basket",
      "modules/orders/place.ts:5: module orders deletes table baskets, which belongs to module basket",
    ]);
  });

  it("keeps pages off server/api, modules off server, app and seed, and lib and db off modules and seed", () => {
    const layered = repo({
      "server/api/basket.ts": "export const route = 1;\n",
      "server/errors.ts": "export const mapper = 1;\n",
      "app/routes/basket.tsx": 'import { route } from "../../server/api/basket";\nimport { mapper } from "../../server/errors";\nexport default [route, mapper];\n',
      "modules/basket/add.ts": 'import { mapper } from "../../server/errors";\nexport const add = mapper;\n',
      "lib/money.ts": 'import { add } from "../modules/basket/add";\nexport const money = add;\n',
      "db/prepare.ts": 'export const later = () => import("../modules/basket/add");\n',
      "db/client.ts": 'import { seeded } from "../seed/index";\nexport const client = seeded;\n',
      "modules/orders/place.ts": 'import { seeded } from "../../seed/index";\nexport const place = seeded;\n',
      "seed/index.ts": "export const seeded = 1;\n",
    });
    expect(checkBoundaries(layered)).toEqual([
      "app/routes/basket.tsx: imports ../../server/api/basket: pages (app/) must not import server/api",
      "db/client.ts: imports ../seed/index: lib/ and db/ must not import modules or seed/",
      "db/prepare.ts: imports ../modules/basket/add: lib/ and db/ must not import modules or seed/",
      "lib/money.ts: imports ../modules/basket/add: lib/ and db/ must not import modules or seed/",
      "modules/basket/add.ts: imports ../../server/errors: modules must not import server/, app/ or seed/",
      "modules/orders/place.ts: imports ../../seed/index: modules must not import server/, app/ or seed/",
    ]);
  });

  it("keeps the back office's code out of shop and portal pages, so their bundles carry none of it", () => {
    const shop = repo({
      "app/components/admin/AdminTextField.tsx": "export const field = 1;\n",
      "app/admin/guard.server.ts": "export const guard = 1;\n",
      "app/routes/admin/deals.tsx": 'import { field } from "../../components/admin/AdminTextField";\nimport { guard } from "../../admin/guard.server";\nexport default [field, guard];\n',
      "app/routes/deal.tsx": 'import { field } from "../components/admin/AdminTextField";\nexport default field;\n',
      "app/routes/merchant/sales.tsx": 'import { guard } from "../../admin/guard.server";\nexport default guard;\n',
    });
    expect(checkBoundaries(shop)).toEqual([
      "app/routes/deal.tsx: imports ../components/admin/AdminTextField: only the back office imports its code (app/routes/admin/, app/admin/, app/components/admin/): shop pages must not ship it",
      "app/routes/merchant/sales.tsx: imports ../../admin/guard.server: only the back office imports its code (app/routes/admin/, app/admin/, app/components/admin/): shop pages must not ship it",
    ]);
  });

  it("lets only the composition root (server/adapters.ts) and tests build adapters", () => {
    const files = {
      "server/adapters.ts": 'import { SandboxPaymentProvider } from "../modules/payments/sandbox/sandbox-provider";\nimport { devMailboxTransport, smtpTransport } from "../modules/mail/transports";\nexport const a = [new SandboxPaymentProvider(), smtpTransport("smtp://x"), devMailboxTransport];\n',
      "server/api/checkout.ts": 'import { SandboxPaymentProvider } from "../../modules/payments/sandbox/sandbox-provider";\nexport const p = new SandboxPaymentProvider();\n',
      "server/background.ts": 'import { devMailboxTransport, smtpTransport } from "../modules/mail/transports";\nexport const t = smtpTransport("smtp://x") ?? devMailboxTransport;\n',
      "app/routes/upload.tsx": 'import { s3Storage } from "../../lib/file-storage";\nimport { varnishXkeyPurger } from "../../lib/cache-purge";\nexport const s = [s3Storage({}), varnishXkeyPurger("http://v")];\n',
      "server/api/checkout.test.ts": 'import { SandboxPaymentProvider } from "../../modules/payments/sandbox/sandbox-provider";\nexport const p = new SandboxPaymentProvider();\n',
    };
    expect(checkBoundaries(repo(files))).toEqual([
      "app/routes/upload.tsx:3: builds s3Storage(…): adapters are built only in server/adapters.ts",
      "app/routes/upload.tsx:3: builds varnishXkeyPurger(…): adapters are built only in server/adapters.ts",
      "server/api/checkout.ts:2: builds SandboxPaymentProvider: adapters are built only in server/adapters.ts",
      "server/background.ts:2: builds smtpTransport(…): adapters are built only in server/adapters.ts",
      "server/background.ts:2: uses devMailboxTransport: adapters are chosen only in server/adapters.ts",
    ]);
  });

  it("keeps the pages of an area with a route folder inside it", () => {
    const pages = repo({
      "app/routes/myaccount/wallet.tsx": "export default 1;\n",
      "app/routes/merchant/layout.tsx": "export default 1;\n",
      "app/routes/myaccount.wallet.tsx": "export default 1;\n",
      "app/routes/merchant.tsx": "export default 1;\n",
      "app/routes/admin.orders.tsx": "export default 1;\n",
      "app/routes/merchants-near-me.tsx": "export default 1;\n",
    });
    expect(checkBoundaries(pages)).toEqual([
      "app/routes/admin.orders.tsx: a page of admin outside its folder: put it in app/routes/admin/",
      "app/routes/merchant.tsx: a page of merchant outside its folder: put it in app/routes/merchant/",
      "app/routes/myaccount.wallet.tsx: a page of myaccount outside its folder: put it in app/routes/myaccount/",
    ]);
  });
});
