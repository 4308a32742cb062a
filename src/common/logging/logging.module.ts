import { DynamicModule, Module } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import type { AppConfig } from '../../config/app-config.js';
import { stdoutDestination } from './log-output.js';
import { loggableError, loggablePath, redactText } from './log-redaction.js';

/**
 * JSON logs through pino: one line per request with its correlation id (also answered in
 * `X-Request-Id` and in every error body), and every application log line inside a request carries it.
 * Credentials, cookies, query strings, tracking codes, failed queries' values and quoted e-mail
 * addresses are never written (log-redaction.ts).
 */
@Module({})
export class LoggingModule {
  /** `destination`: where log lines go (stdout by default; tests capture them to search for secrets). */
  static forRoot(config: AppConfig, destination?: DestinationStream): DynamicModule {
    return {
      module: LoggingModule,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: [
            {
              level: config.logLevel,
              // Fastify chose the id (see app.factory.ts); pino-http reuses it.
              genReqId: (request: IncomingMessage & { id?: string }) => request.id ?? 'unknown',
              customAttributeKeys: { reqId: 'correlationId' },
              quietReqLogger: true,
              customLogLevel: (_request, response, error) => (error || response.statusCode >= 500 ? 'error' : response.statusCode >= 400 ? 'warn' : 'info'),
              serializers: {
                req: (request: { method?: string; url?: string }) => ({ method: request.method, path: loggablePath(request.url) }),
                res: (response: { statusCode?: number }) => ({ statusCode: response.statusCode }),
                err: loggableError,
              },
              hooks: {
                // Messages may quote what a peer said (an SMTP reply names its recipient): see redactText.
                logMethod(args, method) {
                  const safe = (args as unknown[]).map((arg) => (typeof arg === 'string' ? redactText(arg) : arg));
                  method.apply(this, safe as Parameters<typeof method>);
                },
              },
              redact: {
                paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.token', '*.bsb', '*.accountNumber'],
                censor: '[redacted]',
              },
            },
            // stdout written asynchronously, in batches (log-output.ts); anything pending is flushed when the process exits.
            destination ?? stdoutDestination(),
          ],
        }),
      ],
    };
  }
}
