/** What the benchmarks share to talk to a portal they started: keep-alive JSON requests and timing. */
import http from 'node:http';

export type BenchRequest = (
  path: string,
  token?: string,
  body?: unknown,
) => Promise<{ status: number; text: string }>;

/**
 * GET, or POST with a JSON body, on 127.0.0.1:`port` over at most `maxSockets` kept-alive
 * connections; `close` lets the process end.
 */
export function benchRequests(port: number, maxSockets = 1): BenchRequest & { close(): void } {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const request: BenchRequest = (path, token, body) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path,
          method: payload ? 'POST' : 'GET',
          agent,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(payload ? { 'content-type': 'application/json' } : {}),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  return Object.assign(request, { close: () => agent.destroy() });
}

/** Median and 95th percentile of `count` sequential runs, after two warm-up runs. */
export async function timeRuns(count: number, run: () => Promise<void>) {
  await run();
  await run();
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await run();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return {
    median: samples[Math.floor(samples.length / 2)] ?? 0,
    p95: samples[Math.min(samples.length - 1, Math.floor(samples.length * 0.95))] ?? 0,
  };
}
