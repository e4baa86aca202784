import cluster from "node:cluster";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { CACHE_CHANGED_CHANNEL, parseCacheChanges } from "../db/cache-changes";
import { shopShellCacheTag } from "../lib/cache-tags";
import { forgetMemo } from "../lib/memo";
import { type Database, DatabaseUnavailableError, openDatabase } from "../db/client";
import { prepareDatabase } from "./prepare-database";
import { systemClock } from "../lib/clock";
import { ConfigError, loadConfig } from "../lib/config";
import type { Logger } from "pino";
import { buildAdapters } from "./adapters";
import { createApp } from "./app";
import { runPrimary } from "./cluster";
import { startBackgroundWork } from "./background";
import { googlePublicKeys } from "../modules/accounts/google";
import { createLogger } from "./logger";
import { createPageCache } from "./page-cache-setup";

const BUILD_DIR = fileURLToPath(new URL("../build", import.meta.url));

/** Start-up failures a person can fix get one line on stderr, not a stack trace. */
function fail(message: string): never {
  process.stderr.write(`dealwise: ${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
    if (!config.bankDetailsKey) {
      throw new ConfigError("Invalid configuration: BANK_DETAILS_KEY is missing (a real production seals merchants' bank details with it: 32 bytes in base64, openssl rand -base64 32)");
    }
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const open = async () => {
    try {
      return await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
    } catch (error) {
      if (error instanceof DatabaseUnavailableError) fail(error.message);
      throw error;
    }
  };
  const prepare = (database: Database, logger: Logger) => prepareDatabase(database, { seedDeals: config.SEED_DEALS, now: systemClock.now(), logger, demo: config.demo });

  if (config.WEB_CONCURRENCY > 1 && cluster.isPrimary) {
    const logger = createLogger(config.LOG_LEVEL);
    await runPrimary(config, logger, async () => {
      const database = await open();
      await prepare(database, logger);
      await database.close();
    });
    return;
  }
  // A worker of a multi-process server says which process it is; its primary prepared the database.
  const logger = cluster.isWorker ? createLogger(config.LOG_LEVEL).child({ pid: process.pid }) : createLogger(config.LOG_LEVEL);
  const database = await open();
  const serverBuildPath = `${BUILD_DIR}/server/index.js`;
  if (!existsSync(serverBuildPath)) fail("no build found: run `npm run build` first (or `npm start`, which builds)");
  const build = (await import(serverBuildPath)) as ServerBuild;
  if (cluster.isPrimary) await prepare(database, logger);

  const adapters = buildAdapters(config);
  const cache = config.PAGE_CACHE === "on" ? createPageCache(config.PAGE_CACHE_MAX_MB) : undefined;
  // Always listened to: besides cached pages, an edit of the shop's shell (navigation, themes,
  // scrollers) makes every instance forget its memoised reference data (lib/memo).
  await database.listen(CACHE_CHANGED_CHANNEL, (payload) => {
    const tags = parseCacheChanges(payload);
    if (tags.includes(shopShellCacheTag())) forgetMemo(database.db);
    cache?.invalidate(tags);
    // The shared cache in front (CACHE_PURGE_URL) drops the same pages; a failed purge is logged, not fatal.
    if (config.cachePurge) adapters.purger.purge(tags).catch((error: unknown) => logger.warn({ err: error, tags }, "cache purge failed"));
  });
  const googleKeys = config.GOOGLE_CLIENT_ID ? googlePublicKeys() : undefined;
  const app = createApp({ database, clock: systemClock, config, logger, googleKeys, adapters }, { build, clientDir: `${BUILD_DIR}/client`, cache });
  const background = startBackgroundWork({ database, config, logger, clock: systemClock, adapters });
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST });
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EADDRINUSE") fail(`port ${config.PORT} is already in use (set PORT to another port)`);
    fail(`cannot listen on port ${config.PORT}: ${error.message}`);
  });
  server.on("listening", () => {
    logger.info({ port: config.PORT, database: database.kind, brand: config.BRAND, demo: config.demo }, `Dealwise is listening on http://localhost:${config.PORT}`);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: no new connections, finishing in-flight requests");
    const force = setTimeout(() => {
      logger.warn("in-flight requests did not finish in time; exiting");
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    server.close(async () => {
      await background.stop();
      await database.close();
      logger.info("stopped");
      process.exit(0);
    });
    // Keep-alive sockets with no request in flight would otherwise hold the server open.
    if ("closeIdleConnections" in server) server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  process.stderr.write(`dealwise: failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
