// `npm run bench:storefront`, against a running `npm start` (BASE_URL, default http://localhost:3000):
//  1. the JavaScript the home page loads before it is usable: each script's bytes as served (Brotli) and gzipped
//     (the usual budget unit), summed;
//  2. the largest contentful paint of the home page in Debian's Chromium on a cheap phone: 390x844, CPU slowed 4x,
//     and Lighthouse's slow-4G network (each request 562.5 ms latency, 1.6 Mbps x 0.9 down, 750 kbps x 0.9 up, as
//     Lighthouse's "devtools" throttling applies it), from a cold cache; RUNS runs (default 5), median and worst.
// The figures come from the browser's own PerformanceObserver entries, as a trace would show them.
//  3. both in each language (LANGUAGES=en,hi by default: the visitor's remembered choice, the mandi-lang cookie), with
//     the size of each language's catalogue chunk;
//  4. Lighthouse's PWA and best-practices audits of the home page (LIGHTHOUSE=0 skips them): Lighthouse 11, the last
//     with the PWA category, fetched by npx on first use, driving the same Debian Chromium.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { baseUrl, findApps, reportMemory, requireRunningApp, sampleMemory } from './lib/measure.mjs';

const runs = Number(process.env.RUNS ?? 5);
const languages = (process.env.LANGUAGES ?? 'en,hi').split(',');
const LANGUAGE_COOKIE = 'mandi-lang';
const phone = { width: 390, height: 844 };

/**
 * Lighthouse's mobile "slow 4G" (lighthouse-core/config/constants.js, throttling.mobileSlow4G): a 150 ms round trip
 * and 1.6 Mbps. Lighthouse's default (simulated) throttling models the round trips of each connection; applied by
 * the browser itself ("devtools" throttling, also DevTools' own 'Slow 4G' preset) it becomes 562.5 ms added to every
 * request. LATENCY=rtt measures with 150 ms a request instead.
 */
const rttOnly = process.env.LATENCY === 'rtt';
const slow4G = {
  offline: false,
  latency: rttOnly ? 150 : 150 * 3.75,
  downloadThroughput: ((1.6 * 1024 * 1024) / 8) * 0.9,
  uploadThroughput: ((750 * 1024) / 8) * 0.9,
};
const cpuSlowdown = 4;

const browserArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--no-first-run',
];

/** A browser context whose visitor has chosen `language` (the storefront's cookie). */
async function contextIn(browser, language, options) {
  const context = await browser.newContext(options);
  await context.addCookies([{ name: LANGUAGE_COOKIE, value: language, url: baseUrl }]);
  return context;
}

async function initialJavaScript(browser, language) {
  const context = await contextIn(browser, language, { viewport: phone });
  const page = await context.newPage();
  const scripts = new Map();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    try {
      const body = await response.body();
      const served = (await response.request().sizes()).responseBodySize;
      scripts.set(response.url(), { served, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
    } catch {
      // A script that failed to load is not part of what the page needs.
    }
  });
  await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
  await context.close();
  return [...scripts.entries()].map(([url, sizes]) => ({ url: new URL(url).pathname, ...sizes }));
}

async function largestContentfulPaint(browser, language) {
  const context = await contextIn(browser, language, {
    viewport: phone,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', slow4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  // Runs in the page (Chromium's window and its LCP entries, which Node's types do not describe).
  await page.addInitScript(() => {
    const window = /** @type {any} */ (globalThis);
    window.__lcp = [];
    new PerformanceObserver((list) => {
      for (const entry of /** @type {any[]} */ (list.getEntries())) {
        window.__lcp.push({
          time: entry.startTime,
          size: entry.size,
          element: entry.element?.tagName ?? '',
          url: entry.url ?? '',
        });
      }
    }).observe(/** @type {any} */ ({ type: 'largest-contentful-paint', buffered: true }));
  });
  await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle', timeout: 120_000 });
  // LCP is final once the page is idle and nothing larger is still loading.
  await page.waitForTimeout(1000);
  const entries = await page.evaluate(() => /** @type {any} */ (globalThis).__lcp);
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
  await context.close();
  const last = entries.at(-1);
  return {
    lcp: last?.time ?? Number.NaN,
    element: last ? `${last.element}${last.url ? ` ${new URL(last.url, baseUrl).pathname}` : ''}` : 'none',
    fcp,
  };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

await requireRunningApp();
const { api, worker } = findApps();
const stopSampling = sampleMemory({ api: api?.pid, worker: worker?.pid });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: browserArgs,
});
const medians = [];
try {
  for (const language of languages) {
    const scripts = await initialJavaScript(browser, language);
    console.log(`\n[${language}] Home page JavaScript (${baseUrl}/), as loaded before the page is idle:`);
    for (const script of scripts) {
      console.log(
        `  ${script.url.padEnd(52)} ${kb(script.raw).padStart(9)} raw  ${kb(script.gzip).padStart(9)} gzip  ${kb(script.served).padStart(9)} served`,
      );
    }
    const total = (field) => scripts.reduce((sum, script) => sum + script[field], 0);
    console.log(
      `  ${'total'.padEnd(52)} ${kb(total('raw')).padStart(9)} raw  ${kb(total('gzip')).padStart(9)} gzip  ${kb(total('served')).padStart(9)} served (budget 150 kB gzip)`,
    );
    const catalogue = scripts.find((script) => new RegExp(`/${language}-[\\w-]+\\.js$`).test(script.url));
    console.log(
      `  catalogue chunk: ${catalogue ? `${catalogue.url} ${kb(catalogue.raw)} raw, ${kb(catalogue.gzip)} gzip` : 'not seen'}`,
    );

    console.log(
      `\n[${language}] Largest contentful paint of the home page: 390x844, CPU ${cpuSlowdown}x slower, slow 4G (${slow4G.latency} ms a request, 1.44 Mbps), cold cache`,
    );
    const results = [];
    for (let run = 1; run <= runs; run += 1) {
      const result = await largestContentfulPaint(browser, language);
      results.push(result);
      console.log(
        `  run ${run}: LCP ${result.lcp.toFixed(0)} ms (${result.element}), FCP ${result.fcp?.toFixed(0) ?? '?'} ms`,
      );
    }
    const sorted = results.map((r) => r.lcp).sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    medians.push(
      `${language}: JS ${kb(total('gzip'))} gzip, LCP median ${median.toFixed(0)} ms, worst ${sorted.at(-1).toFixed(0)} ms`,
    );
    console.log(`  median LCP ${median.toFixed(0)} ms, worst ${sorted.at(-1).toFixed(0)} ms (target under 1500 ms)`);
  }
} finally {
  await browser.close();
}
console.log(`\nSummary\n  ${medians.join('\n  ')}`);
if (process.env.LIGHTHOUSE !== '0') await lighthouseAudits();
reportMemory(stopSampling());

/**
 * Lighthouse's PWA and best-practices categories for the home page on a phone. Every audit that applies must pass:
 * the list of those that did not is printed, and the bench exits non-zero when there is one.
 */
async function lighthouseAudits() {
  const dir = await mkdtemp(join(tmpdir(), 'mandi-lighthouse-'));
  const report = join(dir, 'report.json');
  try {
    await promisify(execFile)(
      'npx',
      [
        '--yes',
        'lighthouse@11.7.1',
        `${baseUrl}/`,
        '--only-categories=pwa,best-practices',
        '--form-factor=mobile',
        '--output=json',
        `--output-path=${report}`,
        '--quiet',
        `--chrome-flags=${browserArgs.join(' ')} --headless=new`,
      ],
      {
        env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
        maxBuffer: 64 * 1024 * 1024,
        timeout: 300_000,
      },
    );
    const result = JSON.parse(await readFile(report, 'utf8'));
    console.log(`\nLighthouse ${result.lighthouseVersion} (${result.configSettings.formFactor}), ${baseUrl}/`);
    let failed = 0;
    for (const category of Object.values(result.categories)) {
      const audits = category.auditRefs.map((ref) => result.audits[ref.id]);
      const failing = audits.filter(
        (audit) =>
          audit.score !== null &&
          audit.score < 1 &&
          audit.scoreDisplayMode !== 'informative' &&
          audit.scoreDisplayMode !== 'manual',
      );
      const passed = audits.filter((audit) => audit.score === 1).length;
      console.log(
        `  ${category.title}: score ${Math.round((category.score ?? 0) * 100)}, ${passed} audits passed, ${failing.length} failed`,
      );
      for (const audit of failing)
        console.log(`    failed: ${audit.id} (${audit.title})${audit.explanation ? `: ${audit.explanation}` : ''}`);
      failed += failing.length;
    }
    if (failed > 0) process.exitCode = 1;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
