/** nestjs-pino's own reset for tests (mapped in jest.config.mjs; not part of its public exports). */
declare module 'nestjs-pino/internal/PinoLogger.js' {
  export function __resetOutOfContextForTests(): void;
}
