import { availableParallelism } from 'node:os';
import path from 'node:path';
import { validateCronExpression } from 'cron';
import { COMPANY } from '@relining/contracts/business';
import { REVIEW_REQUEST_DELAY_DAYS_DEFAULT } from '@relining/contracts/review-rules';

/** Every setting the server reads, typed and validated. Built once at boot by `loadConfig`. */
/** `LOG_FORMAT`: `auto` writes readable lines to a terminal and JSON anywhere else. */
export const LOG_FORMAT_SETTINGS = ['auto', 'json', 'pretty'] as const;
export type LogFormatSetting = (typeof LOG_FORMAT_SETTINGS)[number];

/**
 * Where uploaded files are kept (src/common/storage): the uploads folder on disk, or an S3 bucket
 * (`STORAGE_URL=s3://bucket?endpoint=…&region=…&forcePathStyle=true`) that several instances share.
 */
export type StorageConfig =
  | { readonly driver: 'disk'; readonly uploadsDir: string }
  | {
      readonly driver: 's3';
      readonly bucket: string;
      readonly region: string;
      /** Absent: AWS itself. */
      readonly endpoint: string | undefined;
      readonly forcePathStyle: boolean;
      /** From AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (/ AWS_SESSION_TOKEN); absent: the SDK's default chain (profile, role). */
      readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string; readonly sessionToken?: string } | undefined;
    };

export const DEFAULT_S3_REGION = 'ap-southeast-2';

export interface AppConfig {
  readonly env: 'development' | 'production' | 'test';
  readonly port: number;
  readonly host: string;
  /** Absolute folder for everything the product keeps on disk (embedded PostgreSQL, secrets, uploads). */
  readonly dataDir: string;
  /** Absent: the server starts an embedded PostgreSQL under `dataDir/pg`. */
  readonly databaseUrl: string | undefined;
  /** Origin the public links in e-mails point to, without a trailing slash. */
  readonly publicBaseUrl: string;
  readonly corsOrigins: readonly string[];
  /** Absent: preview mode, messages are rendered and stored but never sent. */
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly companyEmail: string;
  /** Absent outside production: generated once and kept in `dataDir/jwt-secret`. */
  readonly jwtSecret: string | undefined;
  /**
   * PAYOUT_ENCRYPTION_KEY: 32 bytes (base64) encrypting plumbers' bank details (AES-256-GCM). Absent
   * outside production: generated once and kept in `dataDir/payout-encryption-key`.
   */
  readonly payoutEncryptionKey: string | undefined;
  readonly tzDisplay: string;
  /** Set: address suggestions come from Google Places (called from the server; the key never reaches browsers). */
  readonly googleMapsApiKey: string | undefined;
  readonly googleMapsApiUrl: string;
  readonly rateLimits: boolean;
  /** Plumbers confirm their e-mail before their first sign-in (default). */
  readonly requireEmailVerification: boolean;
  /** Seed demo accounts and sample data into an empty database. */
  readonly demoData: boolean;
  readonly trustProxy: boolean;
  /** How long an idle keep-alive connection stays open (above a reverse proxy's own idle timeout when behind one). */
  readonly httpKeepAliveTimeoutMs: number;
  /** The uploads folder of the disk storage driver (UPLOADS_DIR), used when STORAGE_URL is not set. */
  readonly uploadsDir: string;
  readonly storage: StorageConfig;
  /**
   * Photo decoding off the request path (photo-decoder.ts): `threads` worker threads, each decoding one
   * photo at a time, and at most `queueLimit` photos waiting for one; an upload that finds no room is
   * answered 503 with Retry-After at once.
   */
  readonly photoDecoding: { readonly threads: number; readonly queueLimit: number };
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** `auto`: readable lines when stdout is a terminal, JSON otherwise. */
  readonly logFormat: LogFormatSetting;
  readonly mail: {
    readonly maxAttempts: number;
    readonly retryBaseMs: number;
    readonly pollIntervalMs: number;
    readonly concurrency: number;
    /** The longest an SMTP peer may stay silent (connecting, greeting, any reply) before a try is abandoned. */
    readonly sendTimeoutMs: number;
  };
  /** When the scheduled jobs tick (cron expressions, seconds field optional, in `tzDisplay`). */
  readonly schedules: {
    readonly rebatesDue: string;
    readonly rateLimitCleanup: string;
    /** When due appointment reminders are looked for (each is queued once, whatever the ticks). */
    readonly appointmentReminders: string;
    /** When audit entries older than the retention are pruned (once a day across instances). */
    readonly auditRetention: string;
    /** When due review requests are looked for (each completed job's is queued once, whatever the ticks). */
    readonly reviewRequests: string;
  };
  /** Days between a job's completion and its review request e-mail (REVIEW_REQUEST_DELAY_DAYS; 0: at the next look). */
  readonly reviewRequestDelayDays: number;
  /** How long audit entries are kept, in days (AUDIT_RETENTION_DAYS; 7 years, the usual record-keeping period, by default). */
  readonly auditRetentionDays: number;
  readonly frontend: {
    readonly publicSiteDir: string;
    readonly adminUiDir: string;
  };
}

export type ConfigErrorItem = { variable: string; message: string };

export class ConfigError extends Error {
  constructor(readonly items: readonly ConfigErrorItem[]) {
    super(
      `Invalid configuration (${items.length} problem${items.length === 1 ? '' : 's'}):\n` +
        items.map((item) => `  - ${item.variable}: ${item.message}`).join('\n'),
    );
    this.name = 'ConfigError';
  }
}

/** A 256-bit key written as base64 (standard or URL-safe). */
export function isPayoutKey(value: string): boolean {
  return /^[A-Za-z0-9+/_-]{43}=?$/.test(value.trim()) && Buffer.from(value.trim(), 'base64').length === 32;
}

type Env = Readonly<Record<string, string | undefined>>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const ENVIRONMENTS = ['development', 'production', 'test'] as const;

/**
 * Reads and validates every setting from the environment. Pure: no file or network access, so it is
 * tested with plain objects. Collects every problem before failing, so one start shows them all.
 */
export function loadConfig(env: Env, options: { cwd?: string; cores?: number } = {}): AppConfig {
  const cwd = options.cwd ?? process.cwd();
  const cores = options.cores ?? availableParallelism();
  const problems: ConfigErrorItem[] = [];
  const reader = new EnvReader(env, problems);

  const nodeEnv = reader.oneOf('NODE_ENV', ENVIRONMENTS, 'development');
  const port = reader.integer('PORT', 3000, 0, 65535);
  const host = reader.string('HOST', '0.0.0.0');
  const dataDir = path.resolve(cwd, reader.string('DATA_DIR', '.data'));
  const databaseUrl = reader.url('DATABASE_URL', ['postgres:', 'postgresql:']);
  const publicBaseUrl = stripTrailingSlash(reader.url('PUBLIC_BASE_URL', ['http:', 'https:']) ?? `http://localhost:${port || 3000}`);
  const smtpUrl = reader.url('SMTP_URL', ['smtp:', 'smtps:']);
  const mailFrom = reader.mailbox('MAIL_FROM', 'Pipe Relining Australia <no-reply@localhost>');
  const companyEmail = reader.mailbox('COMPANY_EMAIL', COMPANY.email);
  const jwtSecret = reader.optionalString('JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    problems.push({ variable: 'JWT_SECRET', message: 'must be at least 32 characters long' });
  }
  if (jwtSecret === undefined && nodeEnv === 'production') {
    problems.push({ variable: 'JWT_SECRET', message: 'is required when NODE_ENV=production' });
  }
  const payoutEncryptionKey = reader.optionalString('PAYOUT_ENCRYPTION_KEY');
  if (payoutEncryptionKey !== undefined && !isPayoutKey(payoutEncryptionKey)) {
    problems.push({ variable: 'PAYOUT_ENCRYPTION_KEY', message: 'must be 32 bytes, base64-encoded (openssl rand -base64 32)' });
  }
  if (payoutEncryptionKey === undefined && nodeEnv === 'production') {
    problems.push({ variable: 'PAYOUT_ENCRYPTION_KEY', message: 'is required when NODE_ENV=production' });
  }
  const tzDisplay = reader.timeZone('TZ_DISPLAY', 'Australia/Melbourne');
  const googleMapsApiKey = reader.optionalString('GOOGLE_MAPS_API_KEY');
  const googleMapsApiUrl = stripTrailingSlash(reader.url('GOOGLE_MAPS_API_URL', ['https:', 'http:']) ?? 'https://maps.googleapis.com');
  const rateLimits = reader.onOff('RATE_LIMITS', true);
  const trustProxy = reader.boolean('TRUST_PROXY', false);
  const httpKeepAliveTimeoutMs = reader.integer('HTTP_KEEP_ALIVE_TIMEOUT_MS', 10_000, 1_000, 600_000);
  const uploadsDir = path.resolve(dataDir, reader.string('UPLOADS_DIR', 'uploads'));
  const storage = reader.storage('STORAGE_URL', uploadsDir);
  // sharp runs each decode on a thread of libuv's pool (4 unless UV_THREADPOOL_SIZE says otherwise),
  // which sign-in hashing (argon2) and file reads share: decoding leaves one core and one of those
  // threads free, whatever the machine.
  const libuvThreads = reader.integer('UV_THREADPOOL_SIZE', 4, 1, 1024);
  const maxPhotoThreads = Math.max(1, libuvThreads - 1);
  const photoDecoding = {
    threads: reader.integer('PHOTO_WORKERS', Math.max(1, Math.min(cores - 1, maxPhotoThreads)), 1, maxPhotoThreads),
    // At least one whole upload (5 photos) must fit, or a 5-photo upload could never be taken.
    queueLimit: reader.integer('PHOTO_QUEUE_LIMIT', 10, 5, 1_000),
  };
  const requireEmailVerification = reader.boolean('AUTH_REQUIRE_EMAIL_VERIFICATION', true);
  // Demo data is the default only for the embedded database, never for a configured one unless asked.
  const demoData = reader.boolean('DEMO_DATA', databaseUrl === undefined && nodeEnv !== 'test');
  const logLevel = reader.oneOf('LOG_LEVEL', LOG_LEVELS, nodeEnv === 'test' ? 'silent' : 'info');
  const logFormat = reader.oneOf('LOG_FORMAT', LOG_FORMAT_SETTINGS, 'auto');
  const corsOrigins = reader.originList('CORS_ORIGINS') ?? [new URL(publicBaseUrl).origin];
  const mail = {
    maxAttempts: reader.integer('MAIL_MAX_ATTEMPTS', 8, 1, 50),
    retryBaseMs: reader.integer('MAIL_RETRY_BASE_MS', 10_000, 10, 3_600_000),
    pollIntervalMs: reader.integer('MAIL_POLL_INTERVAL_MS', 2_000, 50, 600_000),
    concurrency: reader.integer('MAIL_CONCURRENCY', 1, 1, 50),
    sendTimeoutMs: reader.integer('MAIL_SEND_TIMEOUT_MS', 60_000, 1_000, 600_000),
  };
  const schedules = {
    rebatesDue: reader.cron('REBATES_DUE_CRON', '0 8 * * *'),
    rateLimitCleanup: reader.cron('RATE_LIMIT_CLEANUP_CRON', '0 */10 * * * *'),
    appointmentReminders: reader.cron('APPOINTMENT_REMINDERS_CRON', '* * * * *'),
    auditRetention: reader.cron('AUDIT_RETENTION_CRON', '30 3 * * *'),
    reviewRequests: reader.cron('REVIEW_REQUESTS_CRON', '* * * * *'),
  };
  const reviewRequestDelayDays = reader.integer('REVIEW_REQUEST_DELAY_DAYS', REVIEW_REQUEST_DELAY_DAYS_DEFAULT, 0, 365);
  // 7 years (7 × 365 + 2 leap days): the usual record-keeping period for business records.
  const auditRetentionDays = reader.integer('AUDIT_RETENTION_DAYS', 2557, 1, 36_500);
  const frontend = {
    publicSiteDir: path.resolve(cwd, reader.string('PUBLIC_SITE_DIR', 'public-site/dist')),
    adminUiDir: path.resolve(cwd, reader.string('ADMIN_UI_DIR', 'admin-ui/dist')),
  };

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    env: nodeEnv,
    port,
    host,
    dataDir,
    databaseUrl,
    publicBaseUrl,
    corsOrigins,
    smtpUrl,
    mailFrom,
    companyEmail,
    jwtSecret,
    payoutEncryptionKey,
    auditRetentionDays,
    reviewRequestDelayDays,
    tzDisplay,
    googleMapsApiKey,
    googleMapsApiUrl,
    rateLimits,
    requireEmailVerification,
    demoData,
    trustProxy,
    httpKeepAliveTimeoutMs,
    uploadsDir,
    storage,
    photoDecoding,
    logLevel,
    logFormat,
    mail,
    schedules,
    frontend,
  };
}

function stripTrailingSlash(value: string): string {
  return value.replace(/\/+$/, '');
}

/** Reads one variable at a time, recording a readable problem instead of throwing. */
class EnvReader {
  constructor(
    private readonly env: Env,
    private readonly problems: ConfigErrorItem[],
  ) {}

  optionalString(name: string): string | undefined {
    const raw = this.env[name];
    if (raw === undefined) return undefined;
    const trimmed = raw.trim();
    return trimmed === '' ? undefined : trimmed;
  }

  string(name: string, fallback: string): string {
    return this.optionalString(name) ?? fallback;
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const raw = this.optionalString(name);
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      return this.fail(name, `must be a whole number from ${min} to ${max} (got "${raw}")`, fallback);
    }
    return Number(raw);
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const raw = this.optionalString(name);
    if (raw === undefined) return fallback;
    if (!(allowed as readonly string[]).includes(raw)) {
      return this.fail(name, `must be one of ${allowed.join(', ')} (got "${raw}")`, fallback);
    }
    return raw as T;
  }

  onOff(name: string, fallback: boolean): boolean {
    const raw = this.optionalString(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (raw === 'on') return true;
    if (raw === 'off') return false;
    return this.fail(name, `must be "on" or "off" (got "${raw}")`, fallback);
  }

  boolean(name: string, fallback: boolean): boolean {
    const raw = this.optionalString(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (raw === 'true' || raw === '1') return true;
    if (raw === 'false' || raw === '0') return false;
    return this.fail(name, `must be "true" or "false" (got "${raw}")`, fallback);
  }

  url(name: string, protocols: readonly string[]): string | undefined {
    const raw = this.optionalString(name);
    if (raw === undefined) return undefined;
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      return this.fail(name, 'must be a valid URL', undefined);
    }
    if (!protocols.includes(parsed.protocol)) {
      return this.fail(name, `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`, undefined);
    }
    return raw;
  }

  originList(name: string): string[] | undefined {
    const raw = this.optionalString(name);
    if (raw === undefined) return undefined;
    const origins: string[] = [];
    for (const item of raw
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      try {
        const parsed = new URL(item);
        if (parsed.origin === 'null' || parsed.origin !== stripTrailingSlash(item)) throw new Error('not an origin');
        origins.push(parsed.origin);
      } catch {
        this.problems.push({ variable: name, message: `"${item}" is not an origin such as https://example.com.au` });
      }
    }
    return origins;
  }

  mailbox(name: string, fallback: string): string {
    const raw = this.optionalString(name);
    if (raw === undefined) return fallback;
    // "Name <address>" or a bare address, and exactly one mailbox: no line break or control character
    // (it could start a header of its own), and a name holding , ; : @ < > only inside quotes (otherwise
    // it reads as a second address); the address a plain mailbox (nothing that changes a mailto: link,
    // as EMAIL_PATTERN), though `localhost` may be its domain.
    const parts = /^(.*?)\s*<([^<>]*)>$/su.exec(raw);
    const display = parts?.[1] ?? '';
    const address = parts?.[2] ?? raw;
    const oneLine = !/[\p{Cc}\u2028\u2029]/u.test(raw);
    const displayOk = /^"[^"\\]*"$/.test(display) || !/[,;:@<>"\\]/.test(display);
    if (!oneLine || !displayOk || !/^[^\s@()<>[\]:;\\,"?&=%#\p{Cc}\p{Cf}]+@[\p{L}\p{N}.-]+$/u.test(address)) {
      return this.fail(name, `must be an e-mail address, optionally as "Name <address>" (got "${raw}")`, fallback);
    }
    return raw;
  }

  cron(name: string, fallback: string): string {
    const raw = this.optionalString(name);
    if (raw === undefined) return fallback;
    if (!validateCronExpression(raw).valid) {
      return this.fail(name, `must be a cron expression such as "0 8 * * *" (got "${raw}")`, fallback);
    }
    return raw;
  }

  timeZone(name: string, fallback: string): string {
    const raw = this.optionalString(name);
    if (raw === undefined) return fallback;
    try {
      new Intl.DateTimeFormat('en-AU', { timeZone: raw });
      return raw;
    } catch {
      return this.fail(name, `must be an IANA time zone such as Australia/Melbourne (got "${raw}")`, fallback);
    }
  }

  /**
   * STORAGE_URL, and the AWS credentials beside it: absent, the disk driver; `s3://bucket` with optional
   * `endpoint` (http or https URL of an S3-compatible service), `region` and `forcePathStyle`
   * (true by default with an endpoint, as MinIO needs; false for AWS).
   */
  storage(name: string, uploadsDir: string): StorageConfig {
    const disk: StorageConfig = { driver: 'disk', uploadsDir };
    const accessKeyId = this.optionalString('AWS_ACCESS_KEY_ID');
    const secretAccessKey = this.optionalString('AWS_SECRET_ACCESS_KEY');
    const sessionToken = this.optionalString('AWS_SESSION_TOKEN');
    if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
      this.problems.push({
        variable: accessKeyId === undefined ? 'AWS_ACCESS_KEY_ID' : 'AWS_SECRET_ACCESS_KEY',
        message: 'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together: set both, or neither (to use an AWS profile or role)',
      });
    }
    const raw = this.optionalString(name);
    if (raw === undefined) return disk;
    const example = 's3://bucket-name?endpoint=http://minio:9000&region=ap-southeast-2&forcePathStyle=true';
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      return this.fail(name, `must be a URL such as ${example} (got "${raw}")`, disk);
    }
    if (parsed.protocol !== 's3:')
      return this.fail(name, `must start with s3:// (the only storage service besides the disk); got "${parsed.protocol}//"`, disk);
    if (parsed.username || parsed.password) {
      return this.fail(name, 'must not hold credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY instead', disk);
    }
    const bucket = parsed.hostname;
    if (bucket === '') return this.fail(name, `names no bucket: write it after s3://, as in ${example}`, disk);
    // S3's bucket naming rules: 3-63 characters, lower-case letters, digits, dots and dashes, a letter or digit at each end.
    if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket) || bucket.includes('..')) {
      return this.fail(name, `bucket "${bucket}" is not a valid S3 bucket name (3 to 63 lower-case letters, digits, dots or dashes)`, disk);
    }
    if (parsed.port) return this.fail(name, 'has a port after the bucket name: put the service address in ?endpoint=http://host:port', disk);
    if (parsed.pathname !== '' && parsed.pathname !== '/') {
      return this.fail(name, `has a path after the bucket ("${parsed.pathname}"): the bucket holds only this product's files, at its root`, disk);
    }
    const known = new Set(['endpoint', 'region', 'forcePathStyle']);
    const unknown = [...parsed.searchParams.keys()].filter((key) => !known.has(key));
    if (unknown.length > 0) return this.fail(name, `has unknown settings ${unknown.join(', ')} (known: endpoint, region, forcePathStyle)`, disk);

    const endpointRaw = parsed.searchParams.get('endpoint') ?? undefined;
    let endpoint: string | undefined;
    if (endpointRaw !== undefined) {
      let endpointUrl: URL | undefined;
      try {
        endpointUrl = new URL(endpointRaw);
      } catch {
        endpointUrl = undefined;
      }
      if (!endpointUrl || !['http:', 'https:'].includes(endpointUrl.protocol) || endpointUrl.hostname === '') {
        return this.fail(name, `endpoint must be an http:// or https:// URL such as http://minio:9000 (got "${endpointRaw}")`, disk);
      }
      if ((endpointUrl.pathname !== '/' && endpointUrl.pathname !== '') || endpointUrl.search || endpointUrl.hash) {
        return this.fail(name, `endpoint must be the service's address only, without a path (got "${endpointRaw}")`, disk);
      }
      endpoint = endpointUrl.origin;
    }
    const region = parsed.searchParams.get('region') ?? DEFAULT_S3_REGION;
    if (!/^[a-z]{2}(-[a-z0-9]+)+$/.test(region) && region !== 'us-east-1') {
      return this.fail(name, `region must be an AWS-style region such as ap-southeast-2 (got "${region}")`, disk);
    }
    const pathStyleRaw = parsed.searchParams.get('forcePathStyle');
    if (pathStyleRaw !== null && !['true', 'false'].includes(pathStyleRaw)) {
      return this.fail(name, `forcePathStyle must be true or false (got "${pathStyleRaw}")`, disk);
    }
    const forcePathStyle = pathStyleRaw === null ? endpoint !== undefined : pathStyleRaw === 'true';
    const credentials =
      accessKeyId !== undefined && secretAccessKey !== undefined
        ? { accessKeyId, secretAccessKey, ...(sessionToken !== undefined ? { sessionToken } : {}) }
        : undefined;
    return { driver: 's3', bucket, region, endpoint, forcePathStyle, credentials };
  }

  private fail<T>(variable: string, message: string, fallback: T): T {
    this.problems.push({ variable, message });
    return fallback;
  }
}
