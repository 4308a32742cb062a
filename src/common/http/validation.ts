import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { ValidateIf } from 'class-validator';
import { DomainError, type FieldError } from '../errors/domain-error.js';

/** Turns class-validator's tree of errors into `[{ field, message }]`, one message per field. */
export function flattenValidationErrors(errors: readonly ValidationError[], parent = ''): FieldError[] {
  const result: FieldError[] = [];
  for (const error of errors) {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const messages = Object.values(error.constraints ?? {});
    if (messages.length > 0) result.push({ field, message: messages[0]! });
    if (error.children && error.children.length > 0) result.push(...flattenValidationErrors(error.children, field));
  }
  return result;
}

/** Request bodies keep only declared fields, refuse unknown ones, and arrive as their DTO classes. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => DomainError.validation(flattenValidationErrors(errors)),
  });
}

/**
 * Like `@IsOptional()`, but only a field left out skips the checks: null is checked, and refused by
 * them (a null role failed a NOT NULL, a null subject crashed the preview, a null setting was stored).
 */
export const IsOmittable = (): PropertyDecorator => ValidateIf((_object: object, value: unknown) => value !== undefined);
