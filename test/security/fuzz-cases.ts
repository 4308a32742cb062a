import fc from 'fast-check';

/**
 * Requests for the fuzz run (test/security/fuzz.test.ts), built from the OpenAPI description: every
 * operation gets random and malformed path parameters, query strings, headers and bodies.
 */

export interface OpenApiSchema {
  type?: string;
  properties?: Record<string, OpenApiSchema>;
  items?: OpenApiSchema;
  enum?: unknown[];
  example?: unknown;
  format?: string;
  $ref?: string;
}

export interface OpenApiOperation {
  method: string;
  /** The documented path, e.g. /api/admin/jobs/{id}. */
  path: string;
  parameters: Array<{ name: string; in: 'path' | 'query' | 'header' }>;
  /** Content types the operation documents for its body, and the body's schema (refs resolved). */
  bodyTypes: string[];
  bodySchema?: OpenApiSchema;
}

export interface FuzzRequest {
  method: string;
  /** Path and query exactly as sent (already percent-encoded where needed, or deliberately not). */
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** What was done to the request, for the failure report. */
  label: string;
}

/** Names a value in a report without printing a megabyte. */
export function preview(value: string | Buffer | undefined, max = 160): string {
  if (value === undefined) return '';
  const text = Buffer.isBuffer(value) ? value.toString('latin1') : value;
  return text.length > max ? `${JSON.stringify(text.slice(0, max))}… (${text.length} chars)` : JSON.stringify(text);
}

/** The keys whose appearance on Object.prototype would prove a pollution. */
export const POLLUTION_KEY = 'fuzzPolluted';

const ONE_MB = 1_048_576;

// ---------- text ----------

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const awkward = fc.constantFrom(
  '\u0000',
  '\r\n',
  '\n',
  '\t',
  '\u202e',
  '\u200f',
  '\u0627\u0644\u0639\u0631\u0628\u064a\u0629',
  '\ufeff',
  '\u2028',
  '𝕏',
  '🚰',
  '👩‍🔧',
  'e\u0301',
  '"',
  "'",
  '<script>alert(1)</script>',
  '{{constructor}}',
  '{customerName}',
  '${7*7}',
  '%00',
  '%',
  '\\',
  '../',
  '=1+1',
  '-1',
  '1e309',
  'NaN',
  '; DROP TABLE users;--',
  "' OR '1'='1",
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'true',
  '[]',
  '{}',
);

/** Any text, unicode at its worst: astral, RTL, NUL, lone surrogates, markup, template and SQL fragments. */
export const junkText = (maxLength = 40): fc.Arbitrary<string> =>
  fc.oneof(
    fc.string({ maxLength }),
    fc.string({ unit: 'binary', maxLength }),
    fc
      .array(fc.oneof(awkward, loneSurrogate, fc.string({ maxLength: 4 })), { maxLength: Math.max(1, Math.ceil(maxLength / 4)) })
      .map((parts) => parts.join('')),
  );

/** A JSON value of any shape, including deep nesting and very large numbers. */
const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: junkText() },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53 + 1, -(2 ** 63), 1e308, [], {}, [[[[[]]]]], { a: { b: { c: { d: {} } } } }) },
  { weight: 1, arbitrary: fc.array(junkText(8), { maxLength: 4 }) },
);

// ---------- JSON text with keys JSON.stringify cannot write (own __proto__) ----------

type JsonPiece = { raw: string };
const raw = (text: string): JsonPiece => ({ raw: text });

function toJson(value: unknown): string {
  if (value && typeof value === 'object' && 'raw' in (value as object) && Object.keys(value as object).length === 1) return (value as JsonPiece).raw;
  return JSON.stringify(value) ?? 'null';
}

function objectJson(entries: ReadonlyArray<readonly [string, unknown]>): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${toJson(value)}`).join(',')}}`;
}

const pollutionEntries: Array<readonly [string, unknown]> = [
  ['__proto__', raw(`{"${POLLUTION_KEY}":"yes","isAdmin":true,"role":"admin"}`)],
  ['constructor', raw(`{"prototype":{"${POLLUTION_KEY}":"yes"}}`)],
  ['prototype', raw(`{"${POLLUTION_KEY}":"yes"}`)],
];

// ---------- bodies ----------

/** A plausible value for a documented property, so that the other, broken fields are what gets refused. */
function plausible(name: string, schema: OpenApiSchema | undefined): unknown {
  if (schema?.enum?.length) return schema.enum[0];
  if (schema?.example !== undefined) return schema.example;
  if (schema?.type === 'boolean') return true;
  if (schema?.type === 'number' || schema?.type === 'integer') return 1;
  if (schema?.type === 'array') return [];
  if (/email/i.test(name)) return 'fuzz@example.com.au';
  if (/password/i.test(name)) return 'correct horse battery staple';
  return 'Fuzz value';
}

function documentedObject(schema: OpenApiSchema | undefined): Record<string, unknown> {
  if (schema?.properties && Object.keys(schema.properties).length > 0) {
    return Object.fromEntries(Object.entries(schema.properties).map(([name, property]) => [name, plausible(name, property)]));
  }
  if (schema?.example && typeof schema.example === 'object') return { ...(schema.example as Record<string, unknown>) };
  return { subject: 'Fuzz', message: 'Fuzz', status: 'new', notes: 'x' };
}

/** A value of the wrong kind for a field: another type, too long, nested junk, an array for an object. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: junkValue },
  { weight: 1, arbitrary: fc.integer({ min: 5_000, max: 120_000 }).map((length) => 'x'.repeat(length)) },
  { weight: 1, arbitrary: fc.constantFrom(raw(`{"${POLLUTION_KEY}":1,"__proto__":{"${POLLUTION_KEY}":"yes"}}`), raw('[{"__proto__":{"x":1}}]')) },
);

interface BodyChoice {
  contentType?: string;
  body?: Buffer;
  label: string;
}

const json = (text: string, label: string, contentType = 'application/json'): BodyChoice => ({ contentType, body: Buffer.from(text, 'utf8'), label });

/** The documented body with one to three fields broken, extra keys, prototype keys. */
function brokenObject(schema: OpenApiSchema | undefined): fc.Arbitrary<BodyChoice> {
  const documented = documentedObject(schema);
  const names = Object.keys(documented).length > 0 ? Object.keys(documented) : ['x'];
  return fc
    .record({
      broken: fc.subarray(names, { minLength: 1, maxLength: Math.min(3, names.length) }),
      values: fc.array(wrongValue, { minLength: 3, maxLength: 3 }),
      extra: fc.array(
        fc.tuple(fc.oneof(junkText(12), fc.constantFrom('id', 'role', 'isAdmin', 'plumberId', 'createdAt', 'plumber_id', 'created_at', 'status')), junkValue),
        { maxLength: 3 },
      ),
      pollute: fc.subarray(pollutionEntries),
      drop: fc.boolean(),
    })
    .map(({ broken, values, extra, pollute, drop }) => {
      const entries: Array<readonly [string, unknown]> = Object.entries(documented)
        .filter(([name]) => !(drop && broken[0] === name))
        .map(([name, value]) => [name, broken.includes(name) ? values[broken.indexOf(name)]! : value] as const);
      const all = [...entries, ...extra, ...pollute];
      return json(
        objectJson(all),
        `object with ${broken.join(', ')} broken${drop ? ` (${broken[0]} dropped)` : ''}${pollute.length ? ', prototype keys' : ''}${extra.length ? ', extra keys' : ''}`,
      );
    });
}

const notAnObject: fc.Arbitrary<BodyChoice> = fc.oneof(
  fc
    .jsonValue({ maxDepth: 2 })
    .filter((value) => typeof value !== 'object' || value === null || Array.isArray(value))
    .map((value) => json(JSON.stringify(value), 'JSON that is not an object')),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }).map((value) => json(JSON.stringify([value]), 'an array for an object')),
  fc.constant(json(objectJson(pollutionEntries), 'only prototype keys')),
  fc.constant(json(`${'['.repeat(3_000)}${']'.repeat(3_000)}`, 'deeply nested arrays')),
  fc.constant(json(`{"a":${'{"a":'.repeat(2_000)}1${'}'.repeat(2_001)}`, 'deeply nested objects')),
);

const INVALID_JSON: BodyChoice[] = [
  '{',
  '{"a":',
  '[1,]',
  "{'a':1}",
  '{"a":1}}',
  'NaN',
  'undefined',
  '\u0000',
  '{"a":"\u0000',
  '\ufeff{"a":1}',
  '{"a":1e999999}',
  '{"\ud800":1}',
  ' ',
  '',
].map((text) => json(text, `invalid JSON ${preview(text, 20)}`));
const URLENCODED: BodyChoice[] = [
  'a=1&a=2&__proto__[fuzzPolluted]=yes&constructor[prototype][fuzzPolluted]=yes',
  'name[]=x&name[]=y&email[$gt]=',
  '%ZZ=%E0%A4%A&&&==',
  `x=${'y'.repeat(60_000)}`,
  'status=new&status=won&notes=',
  'name=nul%00inside&email=a%00@b.co',
].map((text) => ({ contentType: 'application/x-www-form-urlencoded', body: Buffer.from(text, 'latin1'), label: `urlencoded ${preview(text, 40)}` }));
const MULTIPART: BodyChoice[] = [
  ['multipart/form-data; boundary=fuzz', '--fuzz\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--fuzz--\r\n'],
  [
    'multipart/form-data; boundary=fuzz',
    '--fuzz\r\nContent-Disposition: form-data; name="photos"; filename="a.svg"\r\nContent-Type: image/jpeg\r\n\r\n<svg onload=alert(1)>\r\n--fuzz--\r\n',
  ],
  ['multipart/form-data; boundary=fuzz', '--fuzz\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\n{"fuzzPolluted":"yes"}\r\n--fuzz--\r\n'],
  ['multipart/form-data; boundary=fuzz', '--fuzz\r\nbroken'],
  ['multipart/form-data; boundary=fuzz', '--fuzz\r\nContent-Disposition: form-data; name="name"\r\n\r\nnul\u0000inside\r\n--fuzz--\r\n'],
  [
    'multipart/form-data; boundary=fuzz',
    '--fuzz\r\nContent-Disposition: form-data; name="photos"; filename="nul\u0000.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\u00ff\u00d8\u00ff\u00e0junk\r\n--fuzz--\r\n',
  ],
  ['multipart/form-data', 'no boundary at all'],
  ['multipart/form-data; boundary=', '----\r\n'],
].map(([contentType, text]) => ({ contentType, body: Buffer.from(text!, 'latin1'), label: `multipart ${preview(text, 40)}` }));
const NOT_AN_OBJECT: BodyChoice[] = [
  json('[]', 'an empty array for an object'),
  json('"text"', 'a string for an object'),
  json('null', 'null for an object'),
  json('12345678901234567890e300', 'a huge number for an object'),
  json(objectJson(pollutionEntries), 'only prototype keys'),
  json(`${'['.repeat(3_000)}${']'.repeat(3_000)}`, 'deeply nested arrays'),
  json(`{"a":${'{"a":'.repeat(2_000)}1${'}'.repeat(2_001)}`, 'deeply nested objects'),
  { contentType: 'application/json', body: undefined, label: 'JSON content type, no body' },
  { contentType: undefined, body: Buffer.from('{"a":1}'), label: 'a body without a content type' },
  { contentType: 'text/plain', body: Buffer.from('{"a":1}'), label: 'JSON sent as text/plain' },
];

const invalidJson: fc.Arbitrary<BodyChoice> = fc.oneof(
  fc.constantFrom(...INVALID_JSON),
  junkText(30).map((text) => json(text, 'junk text as JSON')),
);

const wrongContentType: fc.Arbitrary<BodyChoice> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(
        'text/plain',
        'application/xml',
        'text/html',
        'application/octet-stream',
        'application/json; charset=utf-16',
        'application/vnd.api+json',
        'image/svg+xml',
        'application/x-www-form-urlencoded; charset=ISO-8859-1',
        '*/*',
        'json',
        '',
      ),
      junkText(40),
    )
    .map(([contentType, text]) => ({ contentType, body: Buffer.from(text, 'utf8'), label: `${contentType || 'empty'} content type` })),
  fc.constantFrom(...URLENCODED),
  fc.constantFrom(...MULTIPART),
  fc.constantFrom(...NOT_AN_OBJECT.slice(-3)),
);

/** About 1 MB of text in one field: just over the body limit (413), or just under it (validation). */
const hugeBody = fc.tuple(fc.boolean(), junkText(4)).map(([over, unit]) => {
  const length = over ? ONE_MB + 10 : ONE_MB - 4_096;
  const filler = (unit.replace(/["\\\u0000-\u001f]/g, '') || 'x').repeat(Math.ceil(length / Math.max(1, unit.length || 1)));
  return json(`{"name":"${filler.slice(0, length)}"}`, over ? 'a body over 1 MB' : 'a string just under 1 MB');
});

export function bodyArbitrary(operation: OpenApiOperation): fc.Arbitrary<BodyChoice> {
  return fc.oneof(
    { weight: 8, arbitrary: brokenObject(operation.bodySchema) },
    { weight: 2, arbitrary: notAnObject },
    { weight: 2, arbitrary: invalidJson },
    { weight: 3, arbitrary: wrongContentType },
    { weight: 1, arbitrary: hugeBody },
  );
}

// ---------- path parameters ----------

/**
 * Percent-encodes text for a path segment or query value. A lone surrogate has no UTF-8 form: it goes
 * as the bytes it would have (ED A0 80…), which is invalid UTF-8 the server must refuse cleanly.
 */
const encoded = (value: string) =>
  value
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, (unit) => `\u0000lone${unit.charCodeAt(0).toString(16)}\u0000`)
    .split('\u0000')
    .map((part) =>
      part.startsWith('lone')
        ? [0xe0 | (parseInt(part.slice(4), 16) >> 12), 0x80 | ((parseInt(part.slice(4), 16) >> 6) & 0x3f), 0x80 | (parseInt(part.slice(4), 16) & 0x3f)]
            .map((byte) => `%${byte.toString(16).toUpperCase()}`)
            .join('')
        : encodeURIComponent(part).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`),
    )
    .join('');

/** Path parameters as sent (already encoded, or deliberately malformed). */
const ODD_PATH_VALUES = [
  '..%2f..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f%2e%2e%2f',
  '..%5c..%5cwindows',
  '%00',
  'a%00b',
  '%',
  '%ZZ',
  '%E0%A4%A',
  '%C0%AF',
  '%ED%A0%80',
  '%F0%9F%9A%B0',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  '0',
  '-1',
  '1e309',
  'null',
  'undefined',
  'NaN',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
  '------------------------------------',
  '0000000000000000000000000000000000-0',
  '{00000000-0000-0000-0000-000000000000}',
  '00000000000000000000000000000000',
  "1'%20OR%20'1'%3D'1",
  '%7B%7D',
  '%5B%5D',
  'booked-job1-aaaaaaaaaaaaaaaaaaaaaaaaaa',
  'a'.repeat(450),
  'a'.repeat(2_000),
  `${'ab'.repeat(20)}%2F${'x'.repeat(30)}`,
];

export function pathValueArbitrary(known: readonly string[]): fc.Arbitrary<{ value: string; label: string }> {
  const junk = fc.oneof(
    fc.uuid().map((value) => ({ value, label: `random uuid ${value}` })),
    junkText(30)
      .filter((text) => text.length > 0)
      .map((text) => ({ value: encoded(text), label: `junk ${preview(text, 30)}` })),
    fc.constantFrom(...ODD_PATH_VALUES).map((value) => ({ value, label: `odd ${preview(value, 40)}` })),
  );
  if (known.length === 0) return junk;
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...known).map((value) => ({ value: encoded(value), label: `known ${value}` })) },
    { weight: 3, arbitrary: junk },
  );
}

// ---------- query strings ----------

const sortValue = fc.oneof(
  fc
    .tuple(
      fc.oneof(
        fc.constantFrom('createdAt', 'updatedAt', 'status', 'id', 'created_at', '__proto__', 'constructor', 'password_hash', 'b.id; DROP TABLE bookings'),
        junkText(10),
      ),
      fc.constantFrom('ASC', 'desc', 'sideways', ''),
    )
    .map((value) => JSON.stringify(value)),
  fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)),
  junkText(20),
);
const rangeValue = fc.oneof(
  fc
    .tuple(
      fc.oneof(fc.integer({ min: -10, max: 1_000 }), fc.constantFrom(2 ** 53, 1e308, 0.5, -0)),
      fc.oneof(fc.integer({ min: -10, max: 1_000 }), fc.constantFrom(2 ** 60, 1e308)),
    )
    .map((value) => JSON.stringify(value)),
  fc.constantFrom(
    '[0,1e400]',
    '[1e400,1e401]',
    '[0,9',
    '["0","9"]',
    '{"0":0,"1":9}',
    '[0,9,10]',
    `[0,${'9'.repeat(400)}]`,
    '[9007199254740991,9007199254740999]',
  ),
  junkText(10),
);
const filterValue = fc.oneof(
  fc
    .array(
      fc.tuple(
        fc.oneof(
          fc.constantFrom(
            'q',
            'status',
            'urgency',
            'role',
            'period',
            'createdFrom',
            'createdTo',
            'id',
            'plumberId',
            'plumberEmail',
            'overdue',
            'templateKey',
            'disabled',
            'created_from',
            '__proto__',
            'constructor',
            'password_hash',
          ),
          junkText(10),
        ),
        fc.oneof(
          junkValue,
          fc.constantFrom('2026-02-30', '0000-01-01', '9999-12-31', '2026-13-01', 'today', 'last7', true, ['new', 'won'], [1, { a: 1 }], 'x'.repeat(5_000)),
        ),
      ),
      { maxLength: 4 },
    )
    .map(objectJson),
  fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)),
  fc.constantFrom('{"q":', 'null', '[]', '{"__proto__":{"fuzzPolluted":"yes"}}', '{"constructor":{"prototype":{"fuzzPolluted":"yes"}}}'),
  junkText(20),
);

const queryPair = fc.oneof(
  { weight: 3, arbitrary: sortValue.map((value) => ['sort', value] as const) },
  { weight: 3, arbitrary: rangeValue.map((value) => ['range', value] as const) },
  { weight: 4, arbitrary: filterValue.map((value) => ['filter', value] as const) },
  {
    weight: 2,
    arbitrary: fc.oneof(junkText(30), fc.constantFrom('x'.repeat(3_000), 'ab', 'Richmond VIC 3121,', ' , , , , , , ')).map((value) => ['q', value] as const),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(
      fc.oneof(junkText(10), fc.constantFrom('__proto__[fuzzPolluted]', 'constructor[prototype][fuzzPolluted]', 'a[b][c]', '_sort', '_start', 'page', 'limit')),
      junkText(10),
    ),
  },
);

/** A query string with random, repeated and malformed pairs, and sometimes raw bad escapes. */
export const queryArbitrary: fc.Arbitrary<{ query: string; label: string }> = fc
  .tuple(
    fc.array(queryPair, { maxLength: 4 }),
    fc.boolean(),
    fc.constantFrom('', '', '', '&&&', '&%ZZ=1', '&=x', '&a=%E0%A4%A', '&;=;', '&sort=["id","ASC"]&sort=["id","DESC"]'),
  )
  .map(([pairs, repeat, rawTail]) => {
    const all = repeat && pairs.length > 0 ? [...pairs, pairs[0]!] : pairs;
    const text = all.map(([key, value]) => `${encoded(key).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encoded(value)}`).join('&') + rawTail;
    return { query: text.replace(/^&/, ''), label: `query ${preview(text, 80)}` };
  });

// ---------- headers ----------

/** Header values Node will send: Latin-1 without control characters (unicode goes as UTF-8 bytes). */
export function headerSafe(text: string): string {
  return Buffer.from(text, 'utf8')
    .toString('latin1')
    .replace(/[^\t\x20-\x7e\x80-\xff]/g, '');
}

export const authArbitrary = (token: string | undefined): fc.Arbitrary<{ authorization?: string; label: string }> =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constant(token ? { authorization: `Bearer ${token}`, label: '' } : { label: '' }) },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          fc.constantFrom(
            'Bearer',
            'Bearer ',
            'Basic YWRtaW46YWRtaW4=',
            'Bearer null',
            'Bearer undefined',
            'bearer x.y.z',
            'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
            `Bearer ${'a'.repeat(8_000)}`,
            'Token abc',
            'Bearer a.b',
            'Bearer ..',
          ),
          junkText(40).map((text) => `Bearer ${headerSafe(text)}`),
          fc.constant(token ? `Bearer ${token}x` : 'Bearer x'),
          fc.constant(token ? `Bearer ${token.split('.').reverse().join('.')}` : 'Bearer y'),
        )
        .map((authorization) => ({ authorization, label: `Authorization ${preview(authorization, 40)}` })),
    },
  );

export const extraHeadersArbitrary: fc.Arbitrary<{ headers: Record<string, string>; label: string }> = fc
  .record({
    cookie: fc.option(
      fc.oneof(
        fc.constantFrom(
          `relining_refresh=${'a'.repeat(8_000)}`,
          'relining_refresh=',
          'relining_refresh="unterminated',
          '=; ;=;',
          `a=${'b'.repeat(4_000)}; relining_refresh=x`,
        ),
        junkText(30).map((text) => `relining_refresh=${headerSafe(text)}`),
      ),
      { nil: undefined },
    ),
    requestId: fc.option(fc.oneof(junkText(20).map(headerSafe), fc.constantFrom('x'.repeat(300), 'abc\\u000d\\u000aInjected: 1')), { nil: undefined }),
    idempotency: fc.option(fc.oneof(junkText(20).map(headerSafe), fc.constant('k'.repeat(5_000))), { nil: undefined }),
    accept: fc.option(fc.constantFrom('text/html', 'application/xml', '*/*;q=0', 'application/json;q=0, text/csv', 'image/*'), { nil: undefined }),
    origin: fc.option(fc.constantFrom('https://evil.example', 'null', 'http://localhost:3000'), { nil: undefined }),
    forwarded: fc.option(fc.constantFrom('1.2.3.4', 'not-an-ip', '::1, 10.0.0.1, evil'), { nil: undefined }),
  })
  .map(({ cookie, requestId, idempotency, accept, origin, forwarded }) => {
    const headers: Record<string, string> = {};
    if (cookie !== undefined) headers.cookie = cookie;
    if (requestId !== undefined) headers['x-request-id'] = requestId;
    if (idempotency !== undefined) headers['idempotency-key'] = idempotency;
    if (accept !== undefined) headers.accept = accept;
    if (origin !== undefined) headers.origin = origin;
    if (forwarded !== undefined) headers['x-forwarded-for'] = forwarded;
    return { headers, label: Object.keys(headers).length ? `headers ${Object.keys(headers).join(', ')}` : '' };
  });

// ---------- one request ----------

const HAS_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Random and malformed requests for one operation as one caller (`token` undefined: anonymous).
 * `known(param)` lists real values for a path parameter (the caller's own record, another's…).
 */
export function requestArbitrary(
  operation: OpenApiOperation,
  token: string | undefined,
  known: (param: string) => readonly string[],
): fc.Arbitrary<FuzzRequest> {
  const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const pathValues = fc.tuple(...names.map((name) => pathValueArbitrary(known(name))));
  const hasQuery = operation.method === 'GET' || operation.parameters.some((parameter) => parameter.in === 'query');
  const sometimes = <T>(arbitrary: fc.Arbitrary<T>, present: number, absent: number) =>
    fc.oneof({ weight: present, arbitrary: arbitrary as fc.Arbitrary<T | undefined> }, { weight: absent, arbitrary: fc.constant(undefined) });
  const query = sometimes(queryArbitrary, hasQuery ? 4 : 1, 1);
  const body = HAS_BODY.has(operation.method) ? sometimes(bodyArbitrary(operation), 8, 1) : sometimes(bodyArbitrary(operation), 1, 6);
  return fc
    .tuple(names.length ? pathValues : fc.constant([] as Array<{ value: string; label: string }>), query, body, authArbitrary(token), extraHeadersArbitrary)
    .map(([values, queryChoice, bodyChoice, auth, extra]) => {
      let path = operation.path;
      names.forEach((name, index) => {
        path = path.replace(`{${name}}`, values[index]!.value);
      });
      const headers: Record<string, string> = { ...extra.headers };
      if (auth.authorization) headers.authorization = auth.authorization;
      if (bodyChoice?.contentType !== undefined) headers['content-type'] = bodyChoice.contentType;
      const url = queryChoice ? `${path}?${queryChoice.query}` : path;
      const label = [values.map((value) => value.label).join(' '), queryChoice?.label, bodyChoice?.label, auth.label, extra.label].filter(Boolean).join(' | ');
      return { method: operation.method, url, headers, body: bodyChoice?.body, label };
    });
}

// ---------- the corpus: every known-awkward input, once ----------

/** Put in each documented field, one field at a time. */
const FIELD_JUNK: unknown[] = [
  null,
  0,
  -1,
  1e308,
  true,
  [],
  ['x'],
  { a: 1 },
  '',
  '   ',
  'x'.repeat(10_000),
  'nul\u0000inside',
  '\ud800',
  '🚰 👩‍🔧 \u202e',
  '2026-02-30',
];

const ODD_QUERIES = [
  'sort=&range=&filter=',
  'sort=["id","ASC"]&sort=["id","DESC"]',
  'range=[0,1e400]',
  `range=[0,${'9'.repeat(400)}]`,
  'range=[9007199254740991,9007199254740999]',
  'range=[-1,5]',
  'range=["0","9"]',
  'filter={"q":',
  'filter=[]',
  'filter=null',
  'filter={"__proto__":{"fuzzPolluted":"yes"}}',
  'filter={"constructor":{"prototype":{"fuzzPolluted":"yes"}}}',
  'filter={"id":[]}',
  'filter={"createdFrom":"2026-02-30"}',
  'filter={"createdTo":"0000-01-01"}',
  'filter={"q":"nul\\u0000inside"}',
  'filter={"status":["new",{"a":1}]}',
  `filter={"q":"${'x'.repeat(3_000)}"}`,
  'filter={"period":"forever","overdue":"yes","plumberId":"x"}',
  'q=%00',
  `q=${'x'.repeat(3_000)}`,
  'q=%ZZ',
  'q=%ED%A0%80',
  '__proto__[fuzzPolluted]=yes',
  'constructor[prototype][fuzzPolluted]=yes',
  'a[b][c]=1&a=2',
  '&&&==;',
].map((query) => query.replace(/[{}"[\] ^`|\\]/g, (char) => encodeURIComponent(char)));

/**
 * Every awkward input of the lists above, once, for one operation as one caller: odd values in each
 * path parameter, each documented field set to each awkward value, every malformed body, every odd
 * query string. Deterministic, so a regression is caught on every run, not when the dice fall.
 */
export function corpusRequests(operation: OpenApiOperation, token: string | undefined, known: (param: string) => readonly string[]): FuzzRequest[] {
  const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const pathWith = (overrides: Record<string, string> = {}) =>
    names.reduce((path, name) => path.replace(`{${name}}`, overrides[name] ?? (known(name)[0] ? encoded(known(name)[0]!) : 'x')), operation.path);
  const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const requests: FuzzRequest[] = [];
  const add = (url: string, choice: BodyChoice | undefined, label: string) =>
    requests.push({
      method: operation.method,
      url,
      headers: { ...auth, ...(choice?.contentType !== undefined ? { 'content-type': choice.contentType } : {}) },
      body: choice?.body,
      label,
    });

  const hasBody = operation.bodyTypes.length > 0 || HAS_BODY.has(operation.method);
  const documented = documentedObject(operation.bodySchema);
  const plausibleBody = hasBody ? json(JSON.stringify(documented), 'the documented body') : undefined;
  for (const name of names) for (const value of ODD_PATH_VALUES) add(pathWith({ [name]: value }), plausibleBody, `corpus: ${name} = ${preview(value, 40)}`);
  if (hasBody) {
    for (const field of Object.keys(documented)) {
      for (const value of FIELD_JUNK)
        add(pathWith(), json(objectJson(Object.entries({ ...documented, [field]: value })), ''), `corpus: ${field} = ${preview(JSON.stringify(value), 40)}`);
    }
    for (const entry of pollutionEntries) add(pathWith(), json(objectJson([...Object.entries(documented), entry]), ''), `corpus: with a ${entry[0]} key`);
    for (const choice of [...INVALID_JSON, ...URLENCODED, ...MULTIPART, ...NOT_AN_OBJECT]) add(pathWith(), choice, `corpus: ${choice.label}`);
    for (const length of [ONE_MB - 4_096, ONE_MB + 10]) add(pathWith(), json(`{"name":"${'x'.repeat(length)}"}`, ''), `corpus: a ${length}-character string`);
  }
  if (operation.method === 'GET') for (const query of ODD_QUERIES) add(`${pathWith()}?${query}`, undefined, `corpus: query ${preview(query, 60)}`);
  return requests;
}
