import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";

export interface RunningServer {
  baseUrl: string;
  /** Highest resident memory seen since start, in MB (all of the server's processes together). */
  peakRssMb(): number;
  stop(): Promise<void>;
}

function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** The server's memory: its own and, with WEB_CONCURRENCY > 1, every worker process's. */
function treeRssMb(pid: number): number {
  return rssMb(pid) + childPids(pid).reduce((sum, child) => sum + treeRssMb(child), 0);
}

/** Starts the production server (`node build/server.js`, built by `npm run build`) and waits until it is ready. */
export async function startServer(env: Record<string, string>, port: number): Promise<RunningServer> {
  const child: ChildProcess = spawn(process.execPath, ["build/server.js"], {
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", PORT: String(port), ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} during start-up`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("server did not become ready in 5 minutes");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, treeRssMb(child.pid!));
  }, 200);
  return {
    baseUrl,
    peakRssMb: () => Math.max(peak, treeRssMb(child.pid!)),
    stop: async () => {
      clearInterval(sampler);
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
