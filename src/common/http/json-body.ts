import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { RawServerDefault } from 'fastify';
import { DomainError } from '../errors/domain-error.js';

/** No request of this API nests deeper than a few levels; 32 leaves room and stops stack-deep bodies. */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether JSON (as UTF-8 bytes) opens more than `limit` arrays or objects inside one another, in one
 * pass (strings skipped; the bytes that matter are ASCII, never part of a multi-byte character).
 * `[[[[…]]]]` 3,000 deep parses fine but then overflowed the stack of the validation that walks it:
 * a 500 (found by the OpenAPI fuzz run).
 */
export function exceedsJsonDepth(json: Uint8Array, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i += 1) {
    const byte = json[i];
    if (inString) {
      if (byte === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) {
      inString = true;
    } else if (byte === 0x7b || byte === 0x5b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (byte === 0x7d || byte === 0x5d) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * JSON bodies through Fastify's own parser (prototype keys refused, size limit kept), behind the depth
 * check. Registered through Nest, which then leaves out its default JSON parser.
 */
export function registerJsonBodyParser(app: NestFastifyApplication, bodyLimit: number): void {
  const fastify = app.getHttpAdapter().getInstance();
  const parse = fastify.getDefaultJsonParser('error', 'error');
  app.useBodyParser<RawServerDefault>('application/json', { bodyLimit }, (request, body, done) => {
    if (exceedsJsonDepth(body)) {
      done(DomainError.validation([{ field: 'body', message: `The request body nests more than ${MAX_JSON_DEPTH} levels of objects or arrays.` }]), undefined);
      return;
    }
    void parse(request, body.toString('utf8'), done);
  });
}
