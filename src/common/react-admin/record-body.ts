import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { createValidationPipe } from '../http/validation.js';

/**
 * The body of a react-admin PUT, which carries the whole record. Read-only fields (id, timestamps,
 * computed columns) are dropped rather than refused; the fields the DTO declares are validated.
 * (A custom parameter, so the strict global pipe leaves it to this one.)
 */
export const RecordBody = (): ParameterDecorator =>
  createParamDecorator((_data: unknown, context: ExecutionContext) => context.switchToHttp().getRequest<{ body: unknown }>().body ?? {})(
    createValidationPipe({ unknownFields: 'ignore', validateCustomDecorators: true }),
  );
