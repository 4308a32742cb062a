import { applyDecorators, ValidationPipe, type ArgumentMetadata, type ValidationError, type ValidationPipeOptions } from '@nestjs/common';
import { plainToInstance, Transform } from 'class-transformer';
import { Allow, getMetadataStorage, ValidateIf, ValidationError as ClassValidationError, ValidationTypes } from 'class-validator';
import { isInheritedName } from '../../contracts/own-keys.js';
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

/** What a rule table may need besides the body: where "today" is (a date from today onwards). */
export interface RuleContext {
  /** TZ_DISPLAY, the company's calendar. */
  timeZone: string;
}

/**
 * A body's rule table: every problem, in the spec's order and with the spec's messages, from the
 * contracts' rule functions (the same ones the forms run in the browser). Problems may carry more
 * than `field` and `message` (a toast title): only those two are answered.
 */
export type RuleTable<T> = (body: T, context: RuleContext) => ReadonlyArray<FieldError>;

type BodyClass<T> = abstract new (...args: never[]) => T;

const RULE_TABLES = new WeakMap<object, RuleTable<never>>();
const SPAM_TRAPS = new WeakMap<object, string>();

/** The entry of a class, or of the nearest class it extends that has one. */
function ownOrInherited<V>(table: WeakMap<object, V>, type: unknown): V | undefined {
  for (let current = type; typeof current === 'function' && current !== Function.prototype; current = Object.getPrototypeOf(current)) {
    const entry = table.get(current);
    if (entry !== undefined) return entry;
  }
  return undefined;
}

/**
 * Checks a body with a rule table once its declared fields are in place (unknown ones refused or
 * dropped, each field of its type): `@CheckedBy((booking, { timeZone }) => bookingProblems(booking,
 * todayIn(timeZone)))`. The table sees every field at once, so its problems keep the spec's order
 * across fields ("fill in the message" before "a valid e-mail"), which checks declared one field at
 * a time cannot.
 */
export function CheckedBy<T extends object>(rules: RuleTable<T>): (target: BodyClass<T>) => void {
  return (target) => {
    RULE_TABLES.set(target, rules as RuleTable<never>);
  };
}

/**
 * The hidden field of a public form that people never see and bots fill. A body whose trap holds
 * text is not checked any further (its service answers it exactly like a success and keeps nothing,
 * so a bot learns nothing from our messages); unknown fields are still refused or dropped first.
 */
export function SpamTrap(): PropertyDecorator {
  return (target, property) => {
    SPAM_TRAPS.set(target.constructor, String(property));
    TextField()(target, property);
  };
}

/** Whether a body's spam trap (see `SpamTrap`) holds text. */
export function isTrapped(body: object): boolean {
  const trap = ownOrInherited(SPAM_TRAPS, body.constructor);
  const value = trap === undefined ? undefined : (body as Record<string, unknown>)[trap];
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * A text field of a form: the text as sent, untrimmed (its rules trim). Any other JSON value (a
 * number, a list, an object) counts as left out, so the rules report it with the field's own message
 * (a number for a name is "Please fill in the name field", as on the form) and the body's class holds
 * text or nothing.
 */
export const TextField = (): PropertyDecorator => applyDecorators(Allow(), Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value : undefined)));

/** The class-transformer group of bodies posted as a browser form (urlencoded or multipart): text only. */
export const FORM_ENCODED = 'form-encoded';

/**
 * A checkbox of a browser form: posted as text, ticked when it says 'true' or 'on' (its first value:
 * a hidden "false" follows the box, so an unticked box still says something). JSON sends a boolean,
 * which the rules check as it is.
 */
export const FormCheckbox = (): PropertyDecorator => Transform(({ value }: { value: unknown }) => value === 'true' || value === 'on', { groups: [FORM_ENCODED] });

const WHITELIST_ONLY = new WeakMap<object, ReadonlySet<string> | null>();

/**
 * The fields of a body class that declares nothing about them but that they exist (`@Allow()`, which
 * `TextField`, `SpamTrap` and the public forms' other fields are), with its ancestors'; null for a
 * class with any other check, whose fields class-validator must check one by one.
 */
export function whitelistOnlyFields(type: object): ReadonlySet<string> | null {
  let fields = WHITELIST_ONLY.get(type);
  if (fields === undefined) {
    const metadatas = getMetadataStorage().getTargetValidationMetadatas(type as () => void, '', false, false);
    const whitelistOnly = metadatas.length > 0 && metadatas.every((metadata) => metadata.type === ValidationTypes.WHITELIST);
    fields = whitelistOnly ? new Set(metadatas.map((metadata) => metadata.propertyName)) : null;
    WHITELIST_ONLY.set(type, fields);
  }
  return fields;
}

/**
 * Nest's ValidationPipe, refusing inherited names as field names before class-transformer sees them,
 * then running the body's rule table (`CheckedBy`) once its declared checks have passed, and refusing
 * text PostgreSQL cannot store last. A body whose spam trap is filled skips the rules and the text
 * check.
 *
 * A body class whose fields declare no check of their own (the public forms: their rule tables do
 * the checking) skips class-validator's walk of its metadata, the cost noted in bench/RESULTS.md §2:
 * class-transformer builds it exactly as Nest's pipe does, and the one check class-validator would
 * make, which fields may exist, is a look-up in the class's declared fields (same decision, same
 * errors, through the same exception factory; `validation-whitelist.property.spec.ts` holds the two
 * paths to the same answers). Inherited names, which Nest strips at any depth, are already refused.
 */
export class StrictValidationPipe extends ValidationPipe {
  constructor(
    options?: ValidationPipeOptions,
    private readonly context?: RuleContext,
  ) {
    super(options);
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const checked = metadata.type === 'body' || (metadata.type === 'custom' && this.validateCustomDecorators);
    if (checked) {
      const errors = inheritedNameErrors(value);
      if (errors.length > 0) throw DomainError.validation(errors);
    }
    const fields = checked ? this.whitelistOnlyBody(value, metadata) : null;
    const result: unknown = fields ? await this.declaredFieldsOnly(value as object, metadata.metatype!, fields) : await super.transform(value, metadata);
    if (!checked) return result;
    if (typeof result === 'object' && result !== null) {
      if (isTrapped(result)) return result;
      const rules = ownOrInherited(RULE_TABLES, metadata.metatype) as RuleTable<object> | undefined;
      if (rules) {
        if (!this.context) throw new Error(`${metadata.metatype?.name ?? 'A body'} has a rule table, but this validation pipe was given no rule context`);
        const problems = rules(result, this.context);
        if (problems.length > 0) throw DomainError.validation(problems.map(({ field, message }) => ({ field, message })));
      }
    }
    const errors = nulTextErrors(result);
    if (errors.length > 0) throw DomainError.validation(errors);
    return result;
  }

  /** The declared fields of a plain object for a whitelist-only class, when this pipe returns class instances. */
  protected whitelistOnlyBody(value: unknown, metadata: ArgumentMetadata): ReadonlySet<string> | null {
    const { metatype } = metadata;
    if (typeof value !== 'object' || value === null || Array.isArray(value) || typeof metatype !== 'function') return null;
    if (!this.isTransformEnabled || !this.validatorOptions.whitelist || this.validatorOptions.groups || this.expectedType) return null;
    return this.toValidate(metadata) ? whitelistOnlyFields(metatype) : null;
  }

  private async declaredFieldsOnly(value: object, metatype: NonNullable<ArgumentMetadata['metatype']>, fields: ReadonlySet<string>): Promise<object> {
    const body = plainToInstance(metatype as new () => object, value, this.transformOptions) as Record<string, unknown>;
    const unknown = Object.keys(body).filter((key) => !fields.has(key));
    if (unknown.length === 0) return body;
    if (!this.validatorOptions.forbidNonWhitelisted) {
      for (const key of unknown) delete body[key];
      return body;
    }
    throw await this.exceptionFactory(
      unknown.map((property) => Object.assign(new ClassValidationError(), { property, children: [], constraints: { [ValidationTypes.WHITELIST]: `property ${property} should not exist` } })),
    );
  }
}

export interface BodyValidationOptions {
  /**
   * Fields the body's class does not declare: refused with `property X should not exist` (every JSON
   * body of the API), or dropped (a react-admin record's read-only fields; what a browser form posts
   * beside the fields we use).
   */
  unknownFields?: 'refuse' | 'ignore';
  /** 'form': a browser form post, text only (transforms of the `FORM_ENCODED` group apply). */
  encoding?: 'json' | 'form';
  /** Also validate the values of custom parameter decorators (react-admin's `RecordBody`). */
  validateCustomDecorators?: boolean;
  /** What rule tables need (the display time zone); bodies without one need none. */
  context?: RuleContext;
}

/**
 * The one validation pipeline of request bodies, whatever their encoding: the global pipe (JSON
 * bodies), react-admin records and public form posts (`FormBody`) are all made here. Declared fields
 * only, arriving as their DTO classes; by default unknown fields are refused.
 */
export function createValidationPipe(options: BodyValidationOptions = {}): ValidationPipe {
  return new StrictValidationPipe(
    {
      whitelist: true,
      forbidNonWhitelisted: (options.unknownFields ?? 'refuse') === 'refuse',
      transform: true,
      ...(options.encoding === 'form' ? { transformOptions: { groups: [FORM_ENCODED] } } : {}),
      validateCustomDecorators: options.validateCustomDecorators ?? false,
      stopAtFirstError: true,
      validationError: { target: false, value: false },
      exceptionFactory: (errors) => DomainError.validation(flattenValidationErrors(errors)),
    },
    options.context,
  );
}

/**
 * Like `@IsOptional()`, but only a field left out skips the checks: null is checked, and refused by
 * them (a null role failed a NOT NULL, a null subject crashed the preview, a null setting was stored).
 */
export const IsOmittable = (): PropertyDecorator => ValidateIf((_object: object, value: unknown) => value !== undefined);
