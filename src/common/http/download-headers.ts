import type { Readable } from 'node:stream';
import { StreamableFile } from '@nestjs/common';
import type { FastifyReply } from 'fastify';

/** A PDF to save (a report, an RCTI): downloaded under its name, never sniffed as anything else. */
export function pdfHeaders(reply: FastifyReply, fileName: string): void {
  void reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('x-content-type-options', 'nosniff');
}

/** A list's CSV export, streamed: downloaded under its dated name, never cached. */
export function csvDownload(reply: FastifyReply, fileName: string, stream: Readable): StreamableFile {
  void reply
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff');
  return new StreamableFile(stream, { type: 'text/csv; charset=utf-8' });
}
