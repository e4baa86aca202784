import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { redactDatabaseUrl } from "../lib/config";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The one database type every module works with, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs `work` with a database handle while holding the cluster-wide setup lock. */
  withSetupLock<T>(work: (db: Db) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /** Calls `onMessage` for every NOTIFY on `channel` (from any instance); resolves once listening. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<void>;
  /** PGlite only: the whole data directory as a tarball (what `initialData` starts from). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export class DatabaseUnavailableError extends Error {}

export interface OpenDatabaseOptions {
  /** postgres://… for a real server; absent for the embedded PGlite. */
  url?: string;
  /** PGlite data directory, or "memory://" for a throwaway in-memory database. */
  dataDir?: string;
  /** PGlite: a dumped data directory to start from instead of an empty cluster (tests start from one migrated copy). */
  initialData?: Blob;
  poolSize?: number;
  /** How long a query may wait for a free pooled connection (default 5 s). */
  connectionTimeoutMs?: number;
}

// Any constant works; it only has to be the same for every instance of this app.
const SETUP_LOCK_KEY = 72_707_369;

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options.poolSize ?? 10, options.connectionTimeoutMs ?? 5000) : openPglite(options.dataDir ?? "memory://", options.initialData);
}

async function openPglite(dataDir: string, initialData?: Blob): Promise<Database> {
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm, unaccent }, loadDataDir: initialData });
  const db = drizzlePglite({ client: takingTurns(client), schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    // PGlite is a single connection inside this process: there is nobody to race with.
    withSetupLock: (work) => work(db),
    ping: async () => {
      await client.query("select 1");
    },
    listen: async (channel, onMessage) => {
      await client.listen(channel, onMessage);
    },
    dumpDataDir: () => client.dumpDataDir("none"),
    close: () => client.close(),
  };
}

type PgliteQueries = Pick<PGlite, "query">;

/** A turn of the event loop (its I/O phase) before the next statement. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * PGlite runs in this thread, and its queue of statements hands over from one to the next in
 * promise callbacks only: during a burst of orders the event loop never reached its I/O phase, so
 * no other request (not even /readyz, which needs no query) was read until the whole burst was
 * done (4.5 s for 50 orders, issue 22). Each statement first lets the event loop take a turn, so
 * requests keep being read and answered between statements. drizzle calls only `query` and
 * `transaction` (whose handle's `query` gets the same turn).
 */
function takingTurns(client: PGlite): PGlite {
  const yielding = <T extends PgliteQueries>(target: T): T =>
    new Proxy(target, {
      get(object, property, receiver) {
        if (property === "query") {
          return async (...args: Parameters<PGlite["query"]>) => {
            await nextTurn();
            return object.query(...args);
          };
        }
        if (property === "transaction" && object instanceof PGlite) {
          return (work: Parameters<PGlite["transaction"]>[0]) =>
            nextTurn().then(() => object.transaction((tx) => work(yielding(tx))));
        }
        const value: unknown = Reflect.get(object, property, receiver);
        return typeof value === "function" ? value.bind(object) : value;
      },
    });
  return yielding(client);
}

async function openPostgres(url: string, poolSize: number, connectionTimeoutMs: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: connectionTimeoutMs });
  pool.on("error", () => {
    // An idle client lost its connection; the pool replaces it. Queries report their own errors.
  });
  try {
    const probe = await pool.connect();
    probe.release();
  } catch (error) {
    await pool.end().catch(() => {});
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseUnavailableError(`Cannot connect to the database at ${redactDatabaseUrl(url)}: ${reason}`);
  }
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const listeners: { channel: string; onMessage: (payload: string) => void }[] = [];
  const listenerConnection = new ListenerConnection(url, listeners);
  return {
    db,
    kind: "postgres",
    withSetupLock: async (work) => {
      // Several instances may start at once against one server: migrate and seed one at a time.
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [SETUP_LOCK_KEY]);
        return await work(drizzlePg({ client, schema }) as unknown as Db);
      } finally {
        await client.query("select pg_advisory_unlock($1)", [SETUP_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: (channel, onMessage) => {
      listeners.push({ channel, onMessage });
      return listenerConnection.ensure();
    },
    close: async () => {
      await listenerConnection.stop();
      await pool.end();
    },
  };
}

/**
 * LISTEN needs a connection of its own that stays open; if it drops (server restart), reconnect
 * and listen again, so cache invalidations keep arriving.
 */
class ListenerConnection {
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly url: string,
    private readonly listeners: readonly { channel: string; onMessage: (payload: string) => void }[],
  ) {}

  async ensure(): Promise<void> {
    if (this.client) {
      const channel = this.listeners[this.listeners.length - 1].channel;
      await this.client.query(`listen "${channel.replace(/"/g, "")}"`);
      return;
    }
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on("notification", (message) => {
      for (const listener of this.listeners) {
        if (listener.channel === message.channel) listener.onMessage(message.payload ?? "");
      }
    });
    client.on("error", () => {
      this.client = null;
      if (!this.stopped) setTimeout(() => void this.ensure().catch(() => {}), 1000).unref();
    });
    await client.connect();
    for (const channel of new Set(this.listeners.map((l) => l.channel))) {
      await client.query(`listen "${channel.replace(/"/g, "")}"`);
    }
    this.client = client;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.client?.end().catch(() => {});
    this.client = null;
  }
}
