import type { FastifyReply } from 'fastify';

/** A PDF to save (a report, an RCTI): downloaded under its name, never sniffed as anything else. */
export function pdfHeaders(reply: FastifyReply, fileName: string): void {
  void reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('x-content-type-options', 'nosniff');
}
