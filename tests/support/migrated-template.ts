import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openDatabase } from "../../db/client";
import { MIGRATIONS_FOLDER, applyMigrations } from "../../db/migrate";

/**
 * Migrating a fresh database costs ~5 s on PGlite (most of it creating the cluster) and ~1 s on
 * PostgreSQL, and ~150 test files each want one. So the suite migrates once (vitest's global
 * setup) and every test file starts from that copy: a dumped PGlite data directory, or a
 * PostgreSQL template database. Both are named by a hash of the migrations, so a changed
 * migration makes a new copy and a stale one is never used.
 */
export const migrationsHash: string = (() => {
  const hash = createHash("sha256");
  for (const file of readdirSync(MIGRATIONS_FOLDER).filter((name) => name.endsWith(".sql")).sort()) hash.update(file).update(readFileSync(join(MIGRATIONS_FOLDER, file)));
  return hash.digest("hex").slice(0, 16);
})();

/** Where the migrated PGlite data directory is dumped. */
export const pgliteTemplateFile = join(tmpdir(), "dealwise-test", `pglite-migrated-${migrationsHash}.tar`);

/** The PostgreSQL template database holding the migrated schema. */
export const postgresTemplateName = `dealwise_template_${migrationsHash}`;

/** The migrated PGlite copy, or undefined when the global setup has not made one (a test run on its own). */
export function migratedPgliteData(): Blob | undefined {
  return existsSync(pgliteTemplateFile) ? new Blob([readFileSync(pgliteTemplateFile)]) : undefined;
}

/** Makes the migrated copy for this engine if it does not exist yet. */
export async function ensureMigratedTemplate(serverUrl: string | undefined): Promise<void> {
  if (!serverUrl) {
    if (existsSync(pgliteTemplateFile)) return;
    const database = await openDatabase({ dataDir: "memory://" });
    await applyMigrations(database.kind, database.db);
    const dump = Buffer.from(await (await database.dumpDataDir!()).arrayBuffer());
    await database.close();
    mkdirSync(join(tmpdir(), "dealwise-test"), { recursive: true });
    // Written aside and renamed, so a test file never reads half a tarball.
    const partial = `${pgliteTemplateFile}.${process.pid}`;
    writeFileSync(partial, dump);
    renameSync(partial, pgliteTemplateFile);
    return;
  }
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const exists = await client.query("select 1 from pg_database where datname = $1", [postgresTemplateName]);
    if (exists.rowCount) return;
    const building = `${postgresTemplateName}_building`;
    await client.query(`drop database if exists "${building}" with (force)`);
    await client.query(`create database "${building}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${building}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 1 });
    await applyMigrations(database.kind, database.db);
    await database.close();
    // Renamed only once complete, so a crashed setup never leaves a half-migrated template.
    await client.query(`alter database "${building}" rename to "${postgresTemplateName}"`);
  } finally {
    await client.end();
  }
}
