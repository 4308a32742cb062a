import { ConfigError, loadConfig } from './app-config.js';

const cwd = '/srv/app';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, { cwd });
  } catch (error) {
    if (error instanceof ConfigError) return error.items.map((item) => `${item.variable}: ${item.message}`);
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({}, { cwd });
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      dataDir: '/srv/app/.data',
      databaseUrl: undefined,
      publicBaseUrl: 'http://localhost:3000',
      corsOrigins: ['http://localhost:3000'],
      smtpUrl: undefined,
      tzDisplay: 'Australia/Melbourne',
      rateLimits: true,
      jwtSecret: undefined,
      payoutEncryptionKey: undefined,
    });
    expect(config.frontend.publicSiteDir).toBe('/srv/app/public-site/dist');
  });

  it.each([
    [{ PORT: '8080' }, { port: 8080, publicBaseUrl: 'http://localhost:8080' }],
    [{ PUBLIC_BASE_URL: 'https://www.example.com.au/' }, { publicBaseUrl: 'https://www.example.com.au', corsOrigins: ['https://www.example.com.au'] }],
    [{ RATE_LIMITS: 'off' }, { rateLimits: false }],
    [{ RATE_LIMITS: 'ON' }, { rateLimits: true }],
    [{ TZ_DISPLAY: 'Australia/Perth' }, { tzDisplay: 'Australia/Perth' }],
    [{ CORS_ORIGINS: 'https://a.com.au, https://b.com.au' }, { corsOrigins: ['https://a.com.au', 'https://b.com.au'] }],
    [{ DATABASE_URL: 'postgres://u:p@db:5432/app' }, { databaseUrl: 'postgres://u:p@db:5432/app' }],
    [{ SMTP_URL: 'smtp://mail:1025' }, { smtpUrl: 'smtp://mail:1025' }],
    [{ MAIL_FROM: 'Pipe Relining <hello@example.com.au>' }, { mailFrom: 'Pipe Relining <hello@example.com.au>' }],
    [{}, { mail: { sendTimeoutMs: 60_000 } }],
    [{ MAIL_SEND_TIMEOUT_MS: '5000' }, { mail: { sendTimeoutMs: 5_000 } }],
    [{}, { schedules: { rebatesDue: '0 8 * * *', rateLimitCleanup: '0 */10 * * * *', appointmentReminders: '* * * * *', auditRetention: '30 3 * * *' } }],
    [{}, { auditRetentionDays: 2557 }],
    [{ AUDIT_RETENTION_DAYS: '365' }, { auditRetentionDays: 365 }],
    [{ AUDIT_RETENTION_CRON: '0 2 * * *' }, { schedules: { auditRetention: '0 2 * * *' } }],
    [{}, { reviewRequestDelayDays: 2, schedules: { reviewRequests: '* * * * *' } }],
    [{ REVIEW_REQUEST_DELAY_DAYS: '0' }, { reviewRequestDelayDays: 0 }],
    [{ REVIEW_REQUEST_DELAY_DAYS: '7' }, { reviewRequestDelayDays: 7 }],
    [
      { REBATES_DUE_CRON: '*/5 * * * * *', RATE_LIMIT_CLEANUP_CRON: '0 * * * *', APPOINTMENT_REMINDERS_CRON: '*/30 * * * * *' },
      { schedules: { rebatesDue: '*/5 * * * * *', rateLimitCleanup: '0 * * * *', appointmentReminders: '*/30 * * * * *' } },
    ],
  ])('reads %j', (env, expected) => {
    expect(loadConfig(env, { cwd })).toMatchObject(expected);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT: must be a whole number from 0 to 65535 (got "abc")'],
    [{ AUDIT_RETENTION_DAYS: '0' }, 'AUDIT_RETENTION_DAYS: must be a whole number from 1 to 36500 (got "0")'],
    [{ REVIEW_REQUEST_DELAY_DAYS: '-1' }, 'REVIEW_REQUEST_DELAY_DAYS: must be a whole number from 0 to 365 (got "-1")'],
    [{ REVIEW_REQUEST_DELAY_DAYS: 'two' }, 'REVIEW_REQUEST_DELAY_DAYS: must be a whole number from 0 to 365 (got "two")'],
    [{ PORT: '70000' }, 'PORT: must be a whole number from 0 to 65535 (got "70000")'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must start with postgres:// or postgresql://'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL: must be a valid URL'],
    [{ PUBLIC_BASE_URL: 'ftp://x' }, 'PUBLIC_BASE_URL: must start with http:// or https://'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL: must start with smtp:// or smtps://'],
    [{ MAIL_FROM: 'nobody' }, 'MAIL_FROM: must be an e-mail address, optionally as "Name <address>" (got "nobody")'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET: must be at least 32 characters long'],
    [{ NODE_ENV: 'production' }, 'JWT_SECRET: is required when NODE_ENV=production'],
    [{ PAYOUT_ENCRYPTION_KEY: 'not-a-key' }, 'PAYOUT_ENCRYPTION_KEY: must be 32 bytes, base64-encoded (openssl rand -base64 32)'],
    [{ PAYOUT_ENCRYPTION_KEY: Buffer.alloc(16).toString('base64') }, 'PAYOUT_ENCRYPTION_KEY: must be 32 bytes, base64-encoded (openssl rand -base64 32)'],
    [{ NODE_ENV: 'production' }, 'PAYOUT_ENCRYPTION_KEY: is required when NODE_ENV=production'],
    [{ TZ_DISPLAY: 'Mars/Olympus' }, 'TZ_DISPLAY: must be an IANA time zone such as Australia/Melbourne (got "Mars/Olympus")'],
    [{ RATE_LIMITS: 'maybe' }, 'RATE_LIMITS: must be "on" or "off" (got "maybe")'],
    [{ CORS_ORIGINS: 'https://a.com/path' }, 'CORS_ORIGINS: "https://a.com/path" is not an origin such as https://example.com.au'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent (got "loud")'],
    [{ MAIL_SEND_TIMEOUT_MS: '10' }, 'MAIL_SEND_TIMEOUT_MS: must be a whole number from 1000 to 600000 (got "10")'],
    [{ REBATES_DUE_CRON: 'every morning' }, 'REBATES_DUE_CRON: must be a cron expression such as "0 8 * * *" (got "every morning")'],
    [{ RATE_LIMIT_CLEANUP_CRON: '61 * * * *' }, 'RATE_LIMIT_CLEANUP_CRON: must be a cron expression such as "0 8 * * *" (got "61 * * * *")'],
  ])('refuses %j', (env, problem) => {
    expect(problemsOf(env)).toContain(problem);
  });

  it('lists every problem at once, readably', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'x', RATE_LIMITS: 'maybe', SMTP_URL: 'http://x' }, { cwd });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toBe(
      'Invalid configuration (3 problems):\n' +
        '  - PORT: must be a whole number from 0 to 65535 (got "x")\n' +
        '  - SMTP_URL: must start with smtp:// or smtps://\n' +
        '  - RATE_LIMITS: must be "on" or "off" (got "maybe")',
    );
  });

  describe('photo decoding', () => {
    it.each<[number, number]>([
      [1, 1],
      [2, 1],
      [4, 3],
      // libuv's 4 threads are shared with sign-in hashing and file reads: one stays free for them.
      [16, 3],
    ])('leaves a core free by default: %i cores, %i decoding threads; 10 photos may wait', (cores, threads) => {
      expect(loadConfig({}, { cwd, cores }).photoDecoding).toEqual({ threads, queueLimit: 10 });
    });

    it('takes more threads on a machine whose libuv pool has room for them', () => {
      expect(loadConfig({ UV_THREADPOOL_SIZE: '16' }, { cwd, cores: 16 }).photoDecoding.threads).toBe(15);
      expect(loadConfig({ UV_THREADPOOL_SIZE: '16', PHOTO_WORKERS: '8', PHOTO_QUEUE_LIMIT: '40' }, { cwd, cores: 16 }).photoDecoding).toEqual({
        threads: 8,
        queueLimit: 40,
      });
    });

    it.each([
      [{ PHOTO_WORKERS: '0' }, 'PHOTO_WORKERS: must be a whole number from 1 to 3 (got "0")'],
      [{ PHOTO_WORKERS: '4' }, 'PHOTO_WORKERS: must be a whole number from 1 to 3 (got "4")'],
      [{ PHOTO_WORKERS: 'all' }, 'PHOTO_WORKERS: must be a whole number from 1 to 3 (got "all")'],
      [{ PHOTO_QUEUE_LIMIT: '4' }, 'PHOTO_QUEUE_LIMIT: must be a whole number from 5 to 1000 (got "4")'],
      [{ UV_THREADPOOL_SIZE: '0' }, 'UV_THREADPOOL_SIZE: must be a whole number from 1 to 1024 (got "0")'],
    ])('refuses %j', (env, problem) => {
      expect(problemsOf(env)).toContain(problem);
    });
  });

  describe('storage', () => {
    it('is the uploads folder on disk without STORAGE_URL', () => {
      expect(loadConfig({ DATA_DIR: '/data', UPLOADS_DIR: 'files' }, { cwd }).storage).toEqual({ driver: 'disk', uploadsDir: '/data/files' });
    });

    it.each([
      [
        's3://photos?endpoint=http://minio:9000&region=ap-southeast-2&forcePathStyle=true',
        { bucket: 'photos', endpoint: 'http://minio:9000', region: 'ap-southeast-2', forcePathStyle: true },
      ],
      // An endpoint alone: path-style by default (MinIO), region ap-southeast-2.
      [
        's3://photos?endpoint=https://s3.example.com.au/',
        { bucket: 'photos', endpoint: 'https://s3.example.com.au', region: 'ap-southeast-2', forcePathStyle: true },
      ],
      // AWS itself: no endpoint, virtual-hosted style.
      ['s3://relining-uploads.prod', { bucket: 'relining-uploads.prod', endpoint: undefined, region: 'ap-southeast-2', forcePathStyle: false }],
      [
        's3://relining-uploads/?region=us-east-1&forcePathStyle=false',
        { bucket: 'relining-uploads', endpoint: undefined, region: 'us-east-1', forcePathStyle: false },
      ],
    ])('reads STORAGE_URL=%s', (url, expected) => {
      expect(loadConfig({ STORAGE_URL: url }, { cwd }).storage).toEqual({ driver: 's3', credentials: undefined, ...expected });
    });

    it('passes the AWS credentials from the environment, the session token when there is one', () => {
      const env = { STORAGE_URL: 's3://photos', AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE', AWS_SECRET_ACCESS_KEY: 'secret' };
      expect(loadConfig(env, { cwd }).storage).toMatchObject({ credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret' } });
      expect(loadConfig({ ...env, AWS_SESSION_TOKEN: 'token' }, { cwd }).storage).toMatchObject({
        credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret', sessionToken: 'token' },
      });
    });

    it.each([
      [{ STORAGE_URL: 'http://minio:9000/photos' }, 'STORAGE_URL: must start with s3:// (the only storage service besides the disk); got "http://"'],
      [
        { STORAGE_URL: 'photos' },
        'STORAGE_URL: must be a URL such as s3://bucket-name?endpoint=http://minio:9000&region=ap-southeast-2&forcePathStyle=true (got "photos")',
      ],
      [
        { STORAGE_URL: 's3://?region=ap-southeast-2' },
        'STORAGE_URL: names no bucket: write it after s3://, as in s3://bucket-name?endpoint=http://minio:9000&region=ap-southeast-2&forcePathStyle=true',
      ],
      [{ STORAGE_URL: 's3://ab' }, 'STORAGE_URL: bucket "ab" is not a valid S3 bucket name (3 to 63 lower-case letters, digits, dots or dashes)'],
      [{ STORAGE_URL: 's3://My_Bucket' }, 'STORAGE_URL: bucket "My_Bucket" is not a valid S3 bucket name (3 to 63 lower-case letters, digits, dots or dashes)'],
      [
        { STORAGE_URL: 's3://photos/relining' },
        'STORAGE_URL: has a path after the bucket ("/relining"): the bucket holds only this product\'s files, at its root',
      ],
      [{ STORAGE_URL: 's3://photos:9000' }, 'STORAGE_URL: has a port after the bucket name: put the service address in ?endpoint=http://host:port'],
      [{ STORAGE_URL: 's3://key:secret@photos' }, 'STORAGE_URL: must not hold credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY instead'],
      [
        { STORAGE_URL: 's3://photos?endpoint=minio:9000' },
        'STORAGE_URL: endpoint must be an http:// or https:// URL such as http://minio:9000 (got "minio:9000")',
      ],
      [
        { STORAGE_URL: 's3://photos?endpoint=ftp://minio' },
        'STORAGE_URL: endpoint must be an http:// or https:// URL such as http://minio:9000 (got "ftp://minio")',
      ],
      [
        { STORAGE_URL: 's3://photos?endpoint=http://minio:9000/photos' },
        'STORAGE_URL: endpoint must be the service\'s address only, without a path (got "http://minio:9000/photos")',
      ],
      [{ STORAGE_URL: 's3://photos?region=Sydney' }, 'STORAGE_URL: region must be an AWS-style region such as ap-southeast-2 (got "Sydney")'],
      [{ STORAGE_URL: 's3://photos?forcePathStyle=yes' }, 'STORAGE_URL: forcePathStyle must be true or false (got "yes")'],
      [{ STORAGE_URL: 's3://photos?bucket=other' }, 'STORAGE_URL: has unknown settings bucket (known: endpoint, region, forcePathStyle)'],
      [
        { STORAGE_URL: 's3://photos', AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE' },
        'AWS_SECRET_ACCESS_KEY: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together: set both, or neither (to use an AWS profile or role)',
      ],
    ])('refuses %j', (env, problem) => {
      expect(problemsOf(env)).toContain(problem);
    });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '  ' }, { cwd })).toMatchObject({ databaseUrl: undefined, smtpUrl: undefined });
  });
});
