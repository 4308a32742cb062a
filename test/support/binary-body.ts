import type { Response } from 'supertest';

/** Collects a binary body (supertest only buffers text and JSON by itself): `.buffer(true).parse(binaryParser)`. */
export const binaryParser = (response: Response, callback: (error: Error | null, body: Buffer) => void): void => {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => callback(null, Buffer.concat(chunks)));
};
