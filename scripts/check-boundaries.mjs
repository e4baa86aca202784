#!/usr/bin/env node
// The module boundaries (docs/decisions/core-module-boundaries.md), checked on every `npm test`:
// (a) no import cycles between modules (type-only imports count), (b) a module writes only the
// tables of its own schema, (c) pages (app/) never import server/api, (d) modules never import
// server/, app/ or seed/, and lib/ and db/ never import modules or seed/ (except db/schema.ts, which
// gathers the modules' tables; the demo seed is its own top-level floor, seed/),
// (e) adapters (payment provider, mail transports, file storage, cache purger) are built only in the
// composition root, server/adapters.ts, (f) the
// pages of an area with route folders (app/routes/myaccount/, merchant/, admin/) live in their folder:
// no flat `myaccount.*.tsx` beside it (docs/decisions/ui-route-folders.md).
// (g) stock moves only through inventory: catalog's stock counters (modules/catalog/stock.ts) are
// imported by modules/inventory alone (docs/decisions/inventory-stock-kinds.md).
// (h) the back office's code (app/routes/admin/, app/admin/, app/components/admin/) is imported only
// by the back office, so no shop or portal page's client bundle carries admin code.
// Test files are left out: fixtures legitimately write any table and wire any layer.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const SOURCE_DIRS = ["app", "modules", "server", "lib", "db", "seed"];
const EXTENSIONS = [".ts", ".tsx"];
const WRITES = new Set(["insert", "update", "delete"]);

const toPosix = (path) => path.split(sep).join("/");
const isTest = (file) => /\.test\.tsx?$/.test(file);
const moduleOf = (file) => /^modules\/([^/]+)\//.exec(file)?.[1] ?? null;
const isSchema = (file) => /^modules\/.+\/schema\.ts$/.test(file) || file === "db/schema.ts";

function listFiles(root) {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (EXTENSIONS.some((ext) => entry.name.endsWith(ext)) && !entry.name.endsWith(".d.ts")) files.push(path);
    }
  };
  for (const dir of SOURCE_DIRS) if (existsSync(join(root, dir))) walk(dir);
  return files.sort();
}

/** The repository file a relative specifier names, or null for packages and unknown paths. */
function resolveImport(root, from, specifier) {
  if (!specifier.startsWith(".")) return null;
  const base = toPosix(join(dirname(from), specifier));
  const candidates = [base, ...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => `${base}/index${ext}`)];
  return candidates.find((path) => existsSync(join(root, path)) && statSync(join(root, path)).isFile()) ?? null;
}

/** Every import of a file: static (type-only too), re-exports and dynamic import(), with the names bound. */
function importsOf(root, file, source) {
  const imports = [];
  const add = (specifier, bindings = []) => {
    const target = resolveImport(root, file, specifier);
    if (target) imports.push({ specifier, target, bindings });
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const bindings = [];
      const clause = node.importClause;
      if (clause?.namedBindings && ts.isNamedImports(clause.namedBindings)) {
        for (const element of clause.namedBindings.elements) {
          bindings.push({ local: element.name.text, imported: (element.propertyName ?? element.name).text });
        }
      }
      if (clause?.namedBindings && ts.isNamespaceImport(clause.namedBindings)) bindings.push({ local: clause.namedBindings.name.text, imported: "*" });
      add(node.moduleSpecifier.text, bindings);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(node.arguments[0] ?? {})) {
      add(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return imports;
}

/** Table variable name → owning module, from every `export const x = pgTable(...)` in modules' schema files. */
function tableOwners(parsed) {
  const owners = new Map();
  for (const { file, source } of parsed) {
    if (!/^modules\/.+\/schema\.ts$/.test(file)) continue;
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement) || !statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (ts.isIdentifier(declaration.name) && init && ts.isCallExpression(init) && /Table$/.test(init.expression.getText(source))) {
          owners.set(declaration.name.text, moduleOf(file));
        }
      }
    }
  }
  return owners;
}

/** `x.insert(t)`, `x.update(t)`, `x.delete(t)` whose table t comes from another module's schema. */
function foreignWrites(file, source, imports, owners) {
  const own = moduleOf(file);
  const fromSchema = new Map();
  for (const { target, bindings } of imports) {
    if (!isSchema(target)) continue;
    for (const binding of bindings) fromSchema.set(binding.local, binding.imported);
  }
  const breaches = [];
  const tableName = (arg) => {
    if (ts.isIdentifier(arg) && fromSchema.has(arg.text) && fromSchema.get(arg.text) !== "*") return fromSchema.get(arg.text);
    if (ts.isPropertyAccessExpression(arg) && ts.isIdentifier(arg.expression) && fromSchema.get(arg.expression.text) === "*") return arg.name.text;
    return null;
  };
  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && WRITES.has(node.expression.name.text) && node.arguments.length === 1) {
      const table = tableName(node.arguments[0]);
      const owner = table && owners.get(table);
      if (owner && owner !== own) {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        breaches.push(`${file}:${line}: module ${own} ${node.expression.name.text}s table ${table}, which belongs to module ${owner}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return breaches;
}

const BACK_OFFICE = ["app/routes/admin/", "app/admin/", "app/components/admin/"];
const inBackOffice = (file) => BACK_OFFICE.some((folder) => file.startsWith(folder));

/** Layer rules (c), (d), (g) and (h) for one import. */
function layerBreach(file, target) {
  if (inBackOffice(target) && !inBackOffice(file)) return "only the back office imports its code (app/routes/admin/, app/admin/, app/components/admin/): shop pages must not ship it";
  if (target === "modules/catalog/stock.ts" && !file.startsWith("modules/inventory/") && !file.startsWith("modules/catalog/")) return "stock moves only through modules/inventory (sellUnits / returnUnit)";
  if (file.startsWith("app/") && target.startsWith("server/api/")) return "pages (app/) must not import server/api";
  if (file.startsWith("modules/") && (target.startsWith("server/") || target.startsWith("app/") || target.startsWith("seed/"))) return "modules must not import server/, app/ or seed/";
  const groundFloor = file.startsWith("lib/") || (file.startsWith("db/") && file !== "db/schema.ts");
  if (groundFloor && (target.startsWith("modules/") || target.startsWith("seed/"))) return "lib/ and db/ must not import modules or seed/";
  return null;
}

/** The composition root: the one file that builds adapters (docs/architecture.md). */
const COMPOSITION_ROOT = "server/adapters.ts";
/** Adapter constructors and factories: `new X(…)` for classes, `x(…)` for factory functions. */
const ADAPTER_CLASSES = new Set(["SandboxPaymentProvider"]);
const ADAPTER_FACTORIES = new Set(["smtpTransport", "localDiskStorage", "s3Storage", "varnishXkeyPurger"]);
/** Where the adapters are defined: they may name themselves. */
const ADAPTER_HOMES = new Set(["modules/payments/sandbox/sandbox-provider.ts", "modules/mail/transports.ts", "lib/file-storage.ts", "lib/cache-purge.ts"]);

/** Rule (e): an adapter built (or its transport read) outside the composition root. */
function adapterConstructions(file, source) {
  if (file === COMPOSITION_ROOT || ADAPTER_HOMES.has(file)) return [];
  const breaches = [];
  const at = (node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const visit = (node) => {
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && ADAPTER_CLASSES.has(node.expression.text)) {
      breaches.push(`${at(node)}: builds ${node.expression.text}: adapters are built only in ${COMPOSITION_ROOT}`);
    } else if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && ADAPTER_FACTORIES.has(node.expression.text)) {
      breaches.push(`${at(node)}: builds ${node.expression.text}(…): adapters are built only in ${COMPOSITION_ROOT}`);
    } else if (ts.isIdentifier(node) && node.text === "devMailboxTransport" && !ts.isImportSpecifier(node.parent)) {
      breaches.push(`${at(node)}: uses devMailboxTransport: adapters are chosen only in ${COMPOSITION_ROOT}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return breaches;
}

/** Areas whose pages live in a folder of their own under app/routes/. */
const ROUTE_FOLDERS = ["myaccount", "merchant", "admin"];

/** Rule (f): a flat `app/routes/<area>.tsx` or `app/routes/<area>.<page>.tsx` for an area that has a folder. */
function flatRouteBreaches(files) {
  const breaches = [];
  for (const file of files) {
    const match = /^app\/routes\/([^/]+)\.tsx?$/.exec(file);
    if (!match) continue;
    const area = ROUTE_FOLDERS.find((name) => match[1] === name || match[1].startsWith(`${name}.`));
    if (area) breaches.push(`${file}: a page of ${area} outside its folder: put it in app/routes/${area}/`);
  }
  return breaches;
}

/** Strongly connected groups of modules (Tarjan): every group of two or more is a cycle. */
function moduleCycles(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  let counter = 0;
  const connect = (node) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) === index.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(new Set(group));
    }
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) connect(node);
  return groups;
}

/** Every breach as `file[:line]: what is wrong`, sorted; empty when the boundaries hold. */
export function checkBoundaries(root) {
  const files = listFiles(root);
  const parsed = files
    .filter((file) => !isTest(file))
    .map((file) => ({ file, source: ts.createSourceFile(file, readFileSync(join(root, file), "utf8"), ts.ScriptTarget.Latest, true) }));
  const owners = tableOwners(parsed);
  const breaches = flatRouteBreaches(files);
  // module → module it imports → the first file and specifier that does.
  const edges = new Map();
  for (const { file, source } of parsed) {
    const imports = importsOf(root, file, source);
    const from = moduleOf(file);
    for (const { specifier, target } of imports) {
      const layer = layerBreach(file, target);
      if (layer) breaches.push(`${file}: imports ${specifier}: ${layer}`);
      const to = moduleOf(target);
      if (from && to && from !== to) {
        if (!edges.has(from)) edges.set(from, new Map());
        const sites = edges.get(from);
        if (!sites.has(to)) sites.set(to, []);
        sites.get(to).push({ file, specifier });
      }
    }
    if (from) breaches.push(...foreignWrites(file, source, imports, owners));
    breaches.push(...adapterConstructions(file, source));
  }
  for (const group of moduleCycles(edges)) {
    const names = [...group].sort().join(", ");
    for (const from of [...group].sort()) {
      for (const [to, sites] of edges.get(from)) {
        if (!group.has(to)) continue;
        for (const site of sites) breaches.push(`${site.file}: imports ${site.specifier}: import cycle between modules ${names} (${from} → ${to})`);
      }
    }
  }
  return breaches.sort();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = toPosix(relative(process.cwd(), join(dirname(fileURLToPath(import.meta.url)), ".."))) || ".";
  const breaches = checkBoundaries(root);
  for (const breach of breaches) console.error(breach);
  if (breaches.length > 0) {
    console.error(`\n${breaches.length} module boundary breach(es): see docs/decisions/core-module-boundaries.md`);
    process.exit(1);
  }
  console.log("module boundaries: ok");
}
