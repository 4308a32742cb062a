import { ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { ValidateIf } from 'class-validator';
import { isInheritedName } from '@relining/contracts/own-keys';
import { DomainError, type FieldError } from '../errors/domain-error.js';
import { NUL_MESSAGE } from '../errors/unstorable-text.js';

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

/**
 * The field names in a body that every object inherits (`constructor`, `toString`, `valueOf`…), at any
 * depth. class-transformer skips a key whose name finds an inherited function on the DTO instance, so
 * `{"toString": 1}` was silently dropped rather than refused like any other unknown field.
 */
export function inheritedNameErrors(value: unknown, parent = '', depth = 0): FieldError[] {
  if (typeof value !== 'object' || value === null || depth > 32) return [];
  const errors: FieldError[] = [];
  for (const key of Object.keys(value)) {
    const field = parent ? `${parent}.${key}` : key;
    if (isInheritedName(key)) errors.push({ field, message: `property ${key} should not exist` });
    else errors.push(...inheritedNameErrors((value as Record<string, unknown>)[key], field, depth + 1));
  }
  return errors;
}

/**
 * The fields whose text holds a NUL character, at any depth: PostgreSQL cannot store it. Refused with
 * the other checks, before any work: left to the database, the same request was refused or accepted
 * depending on whether its statement ran (registering an address that already has an account runs
 * none, so a replay of a refused registration answered 201; found by the OpenAPI fuzz run).
 */
export function nulTextErrors(value: unknown, parent = '', depth = 0): FieldError[] {
  if (typeof value === 'string') return value.includes('\u0000') ? [{ field: parent || 'value', message: NUL_MESSAGE }] : [];
  if (typeof value !== 'object' || value === null || depth > 32) return [];
  const errors: FieldError[] = [];
  for (const key of Object.keys(value)) {
    errors.push(...nulTextErrors((value as Record<string, unknown>)[key], parent ? `${parent}.${key}` : key, depth + 1));
  }
  return errors;
}

/**
 * Nest's ValidationPipe, refusing inherited names as field names before class-transformer sees them,
 * and text PostgreSQL cannot store once the declared checks have passed.
 */
export class StrictValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const checked = metadata.type === 'body' || (metadata.type === 'custom' && this.validateCustomDecorators);
    if (checked) {
      const errors = inheritedNameErrors(value);
      if (errors.length > 0) throw DomainError.validation(errors);
    }
    const result: unknown = await super.transform(value, metadata);
    if (checked) {
      const errors = nulTextErrors(result);
      if (errors.length > 0) throw DomainError.validation(errors);
    }
    return result;
  }
}

/** Request bodies keep only declared fields, refuse unknown ones, and arrive as their DTO classes. */
export function createValidationPipe(): ValidationPipe {
  return new StrictValidationPipe({
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
