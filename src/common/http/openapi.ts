import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';

/** The OpenAPI description at /api/docs (UI) and /api/docs/json. */
export function registerOpenApi(app: NestFastifyApplication): void {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Pipe Relining API')
      .setDescription('Bookings, referrals, job tracking and the staff back office. Errors always answer {statusCode, code, message, errors?, correlationId}.')
      .setVersion('1.0')
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs/json', yamlDocumentUrl: 'api/docs/yaml' });
}
