import { Logger } from '@nestjs/common';
import pg from 'pg';

/** The channel the trigger users_caller_changed notifies, with the Firebase uid whose row changed. */
export const CALLER_CHANGED_CHANNEL = 'caller_changed';

/** How long after losing its connection the listener connects again. */
const RECONNECT_AFTER_MS = 1_000;

/**
 * One PostgreSQL connection per API that LISTENs for changes to users' role, status, deletion, e-mail or uid, made
 * by anything (docs/security.md, "Who the caller is"). `changed(uid)` runs for each; `lost()` runs when the connection
 * drops, since changes made while it is down are never told, and until it is back {@link listening} is false.
 */
export class CallerChanges {
  private readonly logger = new Logger(CallerChanges.name);
  private client: pg.Client | null = null;
  private ready = false;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly databaseUrl: string,
    private readonly changed: (uid: string) => void,
    private readonly lost: () => void,
  ) {}

  /** True while every change is being told to this process. */
  get listening(): boolean {
    return this.ready;
  }

  async start(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'mandi-api caller changes' });
    this.client = client;
    client.on('notification', (message) => {
      if (message.channel === CALLER_CHANGED_CHANNEL && message.payload) this.changed(message.payload);
    });
    client.on('error', (error) => this.drop(client, error.message));
    client.on('end', () => this.drop(client, 'connection ended'));
    try {
      await client.connect();
      await client.query(`LISTEN ${CALLER_CHANGED_CHANNEL}`);
      if (this.client === client) this.ready = true;
    } catch (error) {
      this.drop(client, (error as Error).message);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.ready = false;
    if (this.retry) clearTimeout(this.retry);
    await this.client?.end().catch(() => undefined);
  }

  private drop(client: pg.Client, reason: string): void {
    if (this.client !== client) return;
    this.client = null;
    const wasReady = this.ready;
    this.ready = false;
    this.lost();
    void client.end().catch(() => undefined);
    if (this.closed) return;
    if (wasReady)
      this.logger.warn(`Stopped hearing of callers' changes (${reason}); every caller is read until it is back`);
    this.retry = setTimeout(() => void this.start(), RECONNECT_AFTER_MS);
  }
}
