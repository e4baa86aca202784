import autocannon from "autocannon";
import { readFileSync } from "node:fs";
const [port, file, seconds = "10", conns = "20"] = process.argv.slice(2);
const urls = readFileSync(file, "utf8").trim().split("\n");
let i = 0;
const result = await autocannon({
  url: `http://localhost:${port}`,
  connections: Number(conns),
  duration: Number(seconds),
  requests: [{ setupRequest: (req) => ({ ...req, path: urls[i++ % urls.length] }) }],
});
console.log(`req/s ${result.requests.average} p50 ${result.latency.p50} p97.5 ${result.latency.p97_5} p99 ${result.latency.p99} errors ${result.errors} non2xx ${result.non2xx}`);
