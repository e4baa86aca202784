import cluster, { type Worker } from "node:cluster";
import type { Logger } from "pino";
import type { Config } from "../lib/config";

/**
 * The primary of a multi-process server (WEB_CONCURRENCY > 1): it prepares nothing itself beyond
 * what `prepare` does once (migrations, demo data), then forks one worker per process wanted. The
 * workers share the port (node:cluster hands them connections in turn) and keep no state of their
 * own that matters: sessions, baskets, rate limits and secrets live in PostgreSQL, and each worker's
 * page cache is invalidated through LISTEN like a separate instance's. A worker that dies is
 * replaced; one that dies before it ever listened stops the server (a bad port would otherwise
 * restart forever). SIGTERM or SIGINT is passed on, and the primary exits when every worker has
 * finished its in-flight requests.
 */
export async function runPrimary(config: Config, logger: Logger, prepare: () => Promise<void>): Promise<void> {
  await prepare();
  const workers = new Set<Worker>();
  let stopping = false;
  let worstExitCode = 0;

  const fork = () => {
    const worker = cluster.fork();
    workers.add(worker);
    let listened = false;
    worker.on("listening", () => (listened = true));
    worker.on("exit", (code, signal) => {
      workers.delete(worker);
      if (stopping) {
        worstExitCode = Math.max(worstExitCode, code ?? 1);
        if (workers.size === 0) {
          logger.info("stopped");
          process.exit(worstExitCode);
        }
        return;
      }
      if (!listened) {
        // It failed during start-up (and said why on stderr): the next one would too.
        stopping = true;
        for (const other of workers) other.process.kill("SIGTERM");
        process.exit(code || 1);
      }
      logger.error({ pid: worker.process.pid, code, signal }, "a server process exited; starting another");
      fork();
    });
  };

  for (let i = 0; i < config.WEB_CONCURRENCY; i++) fork();
  logger.info({ processes: config.WEB_CONCURRENCY, port: config.PORT }, `Dealwise runs ${config.WEB_CONCURRENCY} server processes on port ${config.PORT}`);

  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: each server process finishes its in-flight requests");
    const force = setTimeout(() => {
      logger.warn("server processes did not stop in time; exiting");
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS + 1000);
    force.unref();
    for (const worker of workers) worker.process.kill(signal);
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
