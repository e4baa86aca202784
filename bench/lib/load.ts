import autocannon from "autocannon";

export interface LoadRequest {
  path: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Drives `connections` keep-alive connections for `seconds`, each request from `next()`. */
export async function runLoad(
  baseUrl: string,
  next: () => LoadRequest,
  options: { connections: number; seconds: number },
): Promise<LoadResult> {
  const latencies: number[] = [];
  let finish: (result: autocannon.Result) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon(
    {
    url: baseUrl,
    connections: options.connections,
    duration: options.seconds,
    headers: { "accept-encoding": "gzip, br" },
    requests: [
      {
        setupRequest: (request) => {
          const chosen = next();
          return {
            ...request,
            path: chosen.path,
            method: chosen.method ?? "GET",
            headers: { ...request.headers, ...chosen.headers },
            body: chosen.body,
          };
        },
      },
    ],
    },
    (error, result) => (error ? fail(error) : finish(result)),
  );
  instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await done;
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  return {
    requests: result.requests.total,
    requestsPerSecond: result.requests.total / options.seconds,
    p50: percentile(50),
    p95: percentile(95),
    p99: percentile(99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
