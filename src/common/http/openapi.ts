import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { ErrorResponseSchema } from '../errors/error-response.schema.js';

/** The OpenAPI description at /api/docs (UI) and /api/docs/json. */
export function registerOpenApi(app: NestFastifyApplication): void {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Pipe Relining API')
      .setDescription(
        "Bookings, referrals, job tracking and the staff back office. Errors always answer {statusCode, code, message, errors?, correlationId} (schema ErrorResponseSchema); a booking's refused time (409 SLOT_TAKEN, 400 SLOT_CLOSED) adds nextSlots: [{date, time, label}].",
      )
      .setVersion('1.0')
      .addBearerAuth()
      .build(),
    // The error format is listed even where no operation names it.
    { extraModels: [ErrorResponseSchema] },
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs/json', yamlDocumentUrl: 'api/docs/yaml' });
}
