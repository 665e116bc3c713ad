import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { reportDocumentsStatus } from '../heartbeat/documents-status.js';
import { pdfRenderDuration } from '../metrics/worker-metrics.js';

/** Pages kept open for rendering: as many as the documents queue runs jobs at once (the pipeline's concurrency). */
export const PDF_PAGE_POOL_SIZE = 4;

/** Longest one render may take before it fails (and its job retries). */
const RENDER_TIMEOUT_MS = 20_000;

/** While Chromium cannot start, how often the renderer tries again by itself (a job's render tries at once too). */
export const CHROMIUM_RETRY_MS = 30_000;

/** Chromium flags: no sandbox (containers run without the user namespaces it needs), /tmp instead of a small /dev/shm. */
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--font-render-hinting=none'];

/** The English page counter of the running footer, with the spans Chromium fills in. */
const PAGE_OF = 'Page <span class="pageNumber"></span> of <span class="totalPages"></span>';

/**
 * The running page footer: the document number and 'Page 1 of 2', in Chromium's header/footer template language.
 * `pageOf` is HTML (the catalogue's counter around Chromium's spans); the label is escaped.
 */
function footerTemplate(label: string, pageOf: string): string {
  const escaped = label.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<div style="width:100%;font:7.5px 'Noto Sans','Noto Sans Devanagari',sans-serif;color:#6b7280;padding:0 12mm;display:flex;justify-content:space-between">
    <span>${escaped}</span><span>${pageOf}</span></div>`;
}

/**
 * Turns HTML into A4 PDFs with ONE warm Chromium per worker process (puppeteer-core driving Debian's Chromium at
 * PUPPETEER_EXECUTABLE_PATH) and a small pool of reused pages: launching a browser costs about a second, opening a
 * page tens of milliseconds, reusing both leaves only layout and printing. The browser starts in the background when
 * the worker boots, is started again if it dies, and is closed after the job runner has let running jobs finish.
 * Whether it could start is reported to the heartbeat (the API's health says 'degraded' while it cannot, and the
 * renderer keeps trying every 30 s), and each render's time goes to mandi_pdf_render_duration_seconds.
 */
@Injectable()
export class PdfRenderer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PdfRenderer.name);
  private browser: Promise<Browser> | undefined;
  /** Every page open in the current browser, idle or rendering. */
  private readonly pages = new Set<Page>();
  private readonly idle: Page[] = [];
  private readonly waiting: { resolve: (page: Page) => void; reject: (error: unknown) => void }[] = [];
  /** Pages being opened right now, counted against the pool's size. */
  private opening = 0;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  onApplicationBootstrap(): void {
    // Warm up without holding the boot: a worker whose Chromium is missing still runs its other queues.
    this.launch().catch((error: unknown) => this.logger.error({ msg: 'Chromium did not start', err: error }));
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const browser = this.browser;
    this.browser = undefined;
    if (browser) await browser.then((b) => b.close()).catch(() => undefined);
  }

  /**
   * Prints `html` on A4 (the page's own @page rules decide margins), with `footer` and the page counter `pageOf` (HTML,
   * English unless told) at the bottom. Timed from asking for a page, so a wait for a free page or for Chromium's
   * launch counts too.
   */
  async render(html: string, footer: string, pageOf: string = PAGE_OF): Promise<Buffer> {
    const stopTimer = pdfRenderDuration.startTimer();
    let healthy = false;
    const page = await this.acquire().catch((error: unknown) => {
      stopTimer({ outcome: 'failed' });
      throw error;
    });
    try {
      await page.setContent(html, { waitUntil: 'load', timeout: RENDER_TIMEOUT_MS });
      const pdf = await page.pdf({
        format: 'A4',
        printBackground: true,
        preferCSSPageSize: true,
        displayHeaderFooter: true,
        headerTemplate: '<span></span>',
        footerTemplate: footerTemplate(footer, pageOf),
        timeout: RENDER_TIMEOUT_MS,
      });
      healthy = true;
      return Buffer.from(pdf);
    } finally {
      stopTimer({ outcome: healthy ? 'rendered' : 'failed' });
      this.release(page, healthy);
    }
  }

  private launch(): Promise<Browser> {
    if (this.closed) return Promise.reject(new Error('The PDF renderer is shut down'));
    this.browser ??= puppeteer
      .launch({
        executablePath: this.config.PUPPETEER_EXECUTABLE_PATH,
        headless: true,
        args: CHROMIUM_ARGS,
        // Over a pipe Chromium exits with the worker, even when the worker is killed; signals are main.ts's business.
        pipe: true,
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      })
      .then((browser) => {
        browser.on('disconnected', () => {
          if (this.closed) return;
          this.logger.warn('Chromium went away; the next render starts a new one');
          reportDocumentsStatus({ state: 'starting' });
          this.browser = undefined;
          this.pages.clear();
          this.idle.length = 0;
        });
        this.logger.log({ msg: 'Chromium started', executablePath: this.config.PUPPETEER_EXECUTABLE_PATH });
        reportDocumentsStatus({ state: 'ready' });
        clearTimeout(this.retry);
        return browser;
      })
      .catch((error: unknown) => {
        this.browser = undefined;
        reportDocumentsStatus({
          state: 'failed',
          reason: `Chromium did not start: ${(error as Error).message ?? String(error)}`,
        });
        this.retryLaunchLater();
        throw error;
      });
    return this.browser;
  }

  /** Tries Chromium again in {@link CHROMIUM_RETRY_MS}, so the documents state clears once Chromium is installed. */
  private retryLaunchLater(): void {
    clearTimeout(this.retry);
    if (this.closed) return;
    this.retry = setTimeout(() => {
      this.launch().catch(() => undefined);
    }, CHROMIUM_RETRY_MS);
    this.retry.unref();
  }

  private async acquire(): Promise<Page> {
    const page = this.idle.pop();
    if (page) return page;
    if (this.pages.size + this.opening >= PDF_PAGE_POOL_SIZE) {
      return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
    }
    this.opening += 1;
    try {
      const browser = await this.launch();
      const fresh = await browser.newPage();
      try {
        // Invoices are static documents: no scripts run.
        await fresh.setJavaScriptEnabled(false);
      } catch (error) {
        await fresh.close().catch(() => undefined);
        throw error;
      }
      if (browser.connected) this.pages.add(fresh);
      return fresh;
    } finally {
      this.opening -= 1;
    }
  }

  private release(page: Page, healthy: boolean): void {
    if (!healthy || page.isClosed() || !this.pages.has(page)) {
      // A page that failed may be wedged, and one of a browser that died is useless: close it, and open a new one for
      // whoever waits.
      this.pages.delete(page);
      page.close().catch(() => undefined);
      const next = this.waiting.shift();
      if (next) this.acquire().then(next.resolve, next.reject);
      return;
    }
    const next = this.waiting.shift();
    if (next) next.resolve(page);
    else this.idle.push(page);
  }
}
