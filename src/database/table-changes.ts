import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import pg from 'pg';
import type { EntityManager } from 'typeorm';
import { DATABASE_URL } from './database-url.js';
import { sql, type Sql } from './sql-fragment.js';

/** The channel the `table_changed()` trigger notifies, with the table's name (migration 1764600000000). */
export const TABLE_CHANGED_CHANNEL = 'table_changed';
/** How this instance's listening session is named in pg_stat_activity. */
export const TABLE_CHANGES_APPLICATION_NAME = 'table-changes';

const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5_000;
/** A listening connection that stops answering (a network fault with no FIN) is replaced. */
const PING_EVERY_MS = 15_000;
const PING_TIMEOUT_MS = 5_000;

/**
 * One PostgreSQL session per server instance that LISTENs for changes of the tables kept in memory
 * (`TableCache`), and tells each cache when its table changed. While the session is not listening
 * (starting, reconnecting after the database went away), a change could go unheard: every cache is
 * dropped when the session is lost and again once it listens anew, and no cache keeps a copy in
 * between, so a missed notification never leaves a stale copy behind.
 */
@Injectable()
export class TableChanges implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('TableChanges');
  private readonly watchers = new Map<string, Set<() => void>>();
  private client: pg.Client | null = null;
  private listeningNow = false;
  private stopped = false;
  private retryMs = RECONNECT_FIRST_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  private pingTimer: NodeJS.Timeout | null = null;
  private connecting: Promise<void> | null = null;
  /** Times the session was (re)established: tests wait on it. */
  sessions = 0;

  constructor(@Inject(DATABASE_URL) private readonly databaseUrl: string) {}

  /** True while every change to a watched table will be heard: only then may a cache keep a copy. */
  get listening(): boolean {
    return this.listeningNow;
  }

  /** `dropped` runs whenever `table` changes, and whenever a change to it may have gone unheard. */
  watch(table: string, dropped: () => void): void {
    const set = this.watchers.get(table) ?? new Set();
    set.add(dropped);
    this.watchers.set(table, set);
  }

  onModuleInit(): void {
    this.connecting = this.connect();
  }

  /** Resolves once the session listens (or the first try failed: reconnection goes on meanwhile). */
  async ready(): Promise<void> {
    await this.connecting;
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.lose(client);
    await client?.end().catch(() => undefined);
  }

  /** A change of `table` was committed (its notification arrived): every copy of it goes. */
  changed(table: string): void {
    for (const dropped of this.watchers.get(table) ?? []) dropped();
  }

  private dropAll(): void {
    for (const set of this.watchers.values()) for (const dropped of set) dropped();
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: TABLE_CHANGES_APPLICATION_NAME, keepAlive: true });
    client.on('error', () => {
      this.lose(client);
      void client.end().catch(() => undefined);
    });
    client.on('end', () => this.lose(client));
    client.on('notification', (message) => {
      if (message.channel === TABLE_CHANGED_CHANNEL) this.changed(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${TABLE_CHANGED_CHANNEL}`);
    } catch (error) {
      this.lose(client);
      await client.end().catch(() => undefined);
      this.scheduleReconnect(error as Error);
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    // Anything loaded before now could have missed a change: start from nothing.
    this.dropAll();
    this.listeningNow = true;
    this.sessions += 1;
    this.retryMs = RECONNECT_FIRST_MS;
    this.pingTimer ??= setInterval(() => void this.ping(), PING_EVERY_MS).unref();
  }

  /** The session is gone (or going): no copy may be kept until a new one listens. */
  private lose(client: pg.Client | null): void {
    if (client === null || this.client !== client) return;
    this.client = null;
    this.listeningNow = false;
    this.dropAll();
    this.scheduleReconnect();
  }

  private scheduleReconnect(error?: Error): void {
    if (this.stopped || this.retryTimer) return;
    if (error) this.logger.warn(`Cannot listen for changes of cached tables, retrying: ${error.message}`);
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connecting = this.connect();
    }, wait).unref();
  }

  private async ping(): Promise<void> {
    const client = this.client;
    if (!client) return;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        client.query('SELECT 1'),
        new Promise((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error('no answer')), PING_TIMEOUT_MS);
        }),
      ]);
    } catch {
      this.lose(client);
      void client.end().catch(() => undefined);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** True while the stored version of `table` is still `version` (evaluated in the caller's statement). */
export function tableVersionIs(table: string, version: string): Sql {
  return sql`(SELECT version FROM table_versions WHERE table_name = ${table}) = ${version}::bigint`;
}

/**
 * A copy in memory of what `load` reads from one or more tables (one statement, so the copy and its
 * version come from one snapshot), dropped whenever one of them changes (TableChanges). Kept only
 * while changes are heard; otherwise every `get` reads afresh. A load that a change overtakes is
 * handed to the callers that were waiting for it (they asked before the change) but never kept.
 */
export class TableCache<T> {
  private copy: Promise<T> | undefined;
  /** The copy once its load finished (and until it is dropped). */
  private loaded: { value: T } | undefined;

  constructor(
    private readonly changes: TableChanges,
    tables: readonly string[],
    private readonly load: (manager?: EntityManager) => Promise<T>,
  ) {
    for (const table of tables) changes.watch(table, () => this.drop());
  }

  /**
   * The copy, loaded when there is none. Inside a transaction (`manager`), a copy not loaded yet
   * (missing, or still loading) is read through that transaction (never waiting for a second
   * connection while holding one) and loaded for the next callers in the background.
   */
  get(manager?: EntityManager): Promise<T> {
    if (manager?.queryRunner?.isTransactionActive) {
      // A loaded copy is answered; a copy still loading is not waited for: its load needs a pooled
      // connection, and callers holding theirs while they wait could take every one (a cold cache under
      // load: each transaction waits on the pool for the load that waits on the pool).
      if (this.loaded && this.copy) return this.copy;
      if (this.changes.listening && !this.copy) this.get().catch(() => undefined);
      return this.load(manager);
    }
    if (this.copy) return this.copy;
    if (!this.changes.listening) return this.load();
    const loading = this.load();
    this.copy = loading;
    loading.then(
      (value) => {
        if (this.copy === loading) this.loaded = { value };
      },
      () => {
        if (this.copy === loading) this.copy = undefined;
      },
    );
    return loading;
  }

  /**
   * The copy if one is loaded, without waiting: otherwise undefined, and a load starts in the background
   * for the next callers (for a large copy, which a request should not wait for).
   */
  held(): T | undefined {
    if (!this.copy && this.changes.listening) this.get().catch(() => undefined);
    return this.loaded?.value;
  }

  /** Forgets the copy (its table changed, or a statement found it out of date). */
  drop(): void {
    this.copy = undefined;
    this.loaded = undefined;
  }

  /** Whether a copy is held now (tests). */
  get holdsCopy(): boolean {
    return this.copy !== undefined;
  }
}
