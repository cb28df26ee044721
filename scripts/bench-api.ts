/**
 * The API figures of the bench beside a bare Fastify route measured in the same run: the route's
 * rate (the reference), GET /api/products, and the memory the store holds after the load. The
 * server's CPU per answer is given too, since on two cores autocannon competes with the server.
 */
import autocannon, { type Result } from 'autocannon';
import type { ChildProcess } from 'node:child_process';
import { paymentRequest } from './bench-payments.ts';
import {
  cpuMilliseconds,
  cpuPerRequest,
  type CpuMeter,
  ports,
  rssMegabytes,
  storeUrl,
} from './bench-processes.ts';
import { describe, medianRound, ofBare, record } from './bench-table.ts';

/**
 * The server's CPU per answer over a run that started at `cpuBefore`: on two cores autocannon
 * shares the machine with the server, so where the client is what runs out, requests per second
 * compare the client's work per answer more than the server's, and this shows the server's.
 */
function serverCpuPerRequest(server: ChildProcess, cpuBefore: number, result: Result): string {
  const cpu = cpuMilliseconds(server.pid ?? 0) - cpuBefore;
  const busy = cpu / (result.duration * 1000);
  return `server ${((cpu * 1000) / result.requests.total).toFixed(0)} µs CPU per request, busy ${(busy * 100).toFixed(0)}% of one core`;
}

/** The bare route at 10 connections: the baseline every API figure is compared with. */
export async function measureBareRoute(bare: ChildProcess): Promise<Result> {
  console.log('Bare Fastify route, 10 connections...');
  const bareCpu = cpuMilliseconds(bare.pid ?? 0);
  const baseline = await autocannon({
    url: `http://localhost:${ports.bare}/`,
    connections: 10,
    duration: 5,
  });
  record(
    'bare Fastify route (reference)',
    `${describe(baseline, null)}; ${serverCpuPerRequest(bare, bareCpu, baseline)}`,
    '-',
    null,
  );
  return baseline;
}

/** Rounds of the catalogue's load, each after a round of the bare route's. */
const catalogueRounds = 5;

/**
 * The catalogue's rate as a ratio to the bare route's, the two loaded in turn, round after round,
 * and the round with the median ratio: on a shared machine the rate of either moved by up to half
 * within a minute (five rounds in turn of 2026-12-06 gave 0.42 to 0.91), so a ratio of two loads
 * far apart in time measured the machine's moment as much as the store.
 */
export async function measureProducts(
  cpu: CpuMeter,
  token: string,
  bare: ChildProcess,
): Promise<void> {
  console.log(
    `GET /api/products, 30,000 requests to warm up, then ${catalogueRounds} rounds of 3 s in turn with the bare route, 10 connections...`,
  );
  // A fresh server compiles its hot path first, and its helper threads work too: without this the
  // figure was 28 to 33 or 48 to 54 µs of store CPU a request from one start to the next (README).
  await autocannon({
    url: `${storeUrl}/api/products`,
    connections: 10,
    amount: 30_000,
    headers: { authorization: `Bearer ${token}` },
  });
  const rounds: CatalogueRound[] = [];
  for (let round = 0; round < catalogueRounds; round++) {
    const bareCpuBefore = cpuMilliseconds(bare.pid ?? 0);
    const baseline = await autocannon({
      url: `http://localhost:${ports.bare}/`,
      connections: 10,
      duration: 3,
    });
    const cpuBefore = cpu();
    const products = await autocannon({
      url: `${storeUrl}/api/products`,
      connections: 10,
      duration: 3,
      headers: { authorization: `Bearer ${token}` },
    });
    rounds.push({
      baseline,
      products,
      ratio: products.requests.average / baseline.requests.average,
      bareCpu: `bare route: ${serverCpuPerRequest(bare, bareCpuBefore, baseline)}`,
      storeCpu: cpuPerRequest(cpu, cpuBefore, products.requests.total),
    });
  }
  const median = medianRound(rounds);
  record(
    'GET /api/products at 10 connections',
    `${describe(median.products, median.baseline)}, the median of ${catalogueRounds} rounds in turn with the bare route (${rounds.map((round) => round.ratio.toFixed(3)).join(', ')}); ${median.storeCpu}; ${median.bareCpu}`,
    '>= 0.7 of bare, p99 < 10 ms',
    median.ratio >= 0.7 &&
      median.products.latency.p99 < 10 &&
      rounds.every((round) => round.products.non2xx === 0),
  );
  // A browser that has the catalogue asks again with its ETag, and gets 304 without a body
  // (compared with the bare route's round of the median).
  const etag = (
    await fetch(`${storeUrl}/api/products`, { headers: { authorization: `Bearer ${token}` } })
  ).headers.get('etag');
  const revalidateCpuBefore = cpu();
  const revalidated = await autocannon({
    url: `${storeUrl}/api/products`,
    connections: 10,
    duration: 5,
    headers: { authorization: `Bearer ${token}`, 'if-none-match': etag ?? '' },
  });
  const notModified = revalidated.statusCodeStats['304']?.count ?? 0;
  record(
    'GET /api/products with If-None-Match (304) at 10 connections',
    `${revalidated.requests.average.toFixed(0)} req/s (${ofBare(revalidated, median.baseline)}), p99 ${revalidated.latency.p99} ms; ${notModified} of ${revalidated.requests.total} answered 304; ${cpuPerRequest(cpu, revalidateCpuBefore, revalidated.requests.total)}`,
    '-',
    null,
  );
}

interface CatalogueRound {
  baseline: Result;
  products: Result;
  ratio: number;
  bareCpu: string;
  storeCpu: string;
}

/** The whole product's memory (store and simulators in one process) after the loads above. */
export function recordProductRss(store: ChildProcess): void {
  const rss = rssMegabytes(store.pid ?? 0);
  record(
    'npm start RSS after load (store + simulators)',
    `${rss.toFixed(0)} MB`,
    '< 300 MB',
    rss < 300,
  );
}

/** The storefront alone's memory after a shorter load of the same calls. */
export async function measureStorefrontAloneRss(store: ChildProcess, token: string): Promise<void> {
  await autocannon({
    url: `${storeUrl}/api/products`,
    connections: 10,
    duration: 3,
    headers: { authorization: `Bearer ${token}` },
  });
  await autocannon({
    url: storeUrl,
    connections: 20,
    duration: 3,
    requests: [paymentRequest(token)],
  });
  const rss = rssMegabytes(store.pid ?? 0);
  record('storefront alone RSS after load (PGlite)', `${rss.toFixed(0)} MB`, '< 250 MB', rss < 250);
}
