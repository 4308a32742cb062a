import { ValidationPipe, type ArgumentMetadata, type ValidationError, type ValidationPipeOptions } from '@nestjs/common';
import { Allow, getMetadataStorage, ValidateIf, ValidationError as ClassValidationError, ValidationTypes } from 'class-validator';
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

/** How a declared field is read from the body as posted, before any check. */
export interface FieldReading {
  /** Every encoding: what the value becomes (`TextField`: text, or nothing). */
  read?: (value: unknown) => unknown;
  /** A browser form post only (all text), first: what its text means (`FormCheckbox`). */
  readForm?: (value: unknown) => unknown;
}

const BODY_FIELDS = new WeakMap<object, Map<string, FieldReading>>();

/**
 * A field of a request body, declared (`@Allow()`: it may exist) and read as `reading` says, by the
 * validation pipe itself, in both of its paths. Checks of its value belong to the class's rule table
 * (`CheckedBy`) or to class-validator decorators beside it. (Not class-transformer's `@Transform`: its
 * per-key metadata look-ups cost a booking as much as the booking's rules. A class of `BodyField`s
 * only is built by the pipe without class-transformer, so its decorators there would be ignored.)
 */
export function BodyField(reading: FieldReading = {}): PropertyDecorator {
  return (target, property) => {
    Allow()(target, property);
    const fields = BODY_FIELDS.get(target.constructor) ?? new Map<string, FieldReading>();
    fields.set(String(property), reading);
    BODY_FIELDS.set(target.constructor, fields);
  };
}

const textOnly = (value: unknown): unknown => (typeof value === 'string' ? value : undefined);

/**
 * A text field of a form: the text as sent, untrimmed (its rules trim). Any other JSON value (a
 * number, a list, an object) counts as left out, so the rules report it with the field's own message
 * (a number for a name is "Please fill in the name field", as on the form) and the body's class holds
 * text or nothing.
 */
export const TextField = (): PropertyDecorator => BodyField({ read: textOnly });

/**
 * A checkbox of a browser form: posted as text, ticked when it says 'true' or 'on' (its first value:
 * a hidden "false" follows the box, so an unticked box still says something). JSON sends a boolean,
 * which the rules check as it is.
 */
export const FormCheckbox = (): PropertyDecorator => BodyField({ readForm: (value) => value === 'true' || value === 'on' });

interface BodyPlan {
  /** The fields declared with `BodyField`, the class's ancestors' included. */
  fields: ReadonlyMap<string, FieldReading>;
  /** Whether every field the class (and its ancestors) declares is a `BodyField` with no check of its own. */
  declaredOnly: boolean;
}

const BODY_PLANS = new WeakMap<object, BodyPlan>();

/** How the pipe reads a body class, worked out once per class from its decorators. */
export function bodyPlanOf(type: object): BodyPlan {
  let plan = BODY_PLANS.get(type);
  if (!plan) {
    const fields = new Map<string, FieldReading>();
    const lineage: object[] = [];
    for (let current = type; typeof current === 'function' && current !== Function.prototype; current = Object.getPrototypeOf(current))
      lineage.unshift(current);
    for (const current of lineage) for (const [name, reading] of BODY_FIELDS.get(current) ?? []) fields.set(name, reading);
    const metadatas = getMetadataStorage().getTargetValidationMetadatas(type as () => void, '', false, false);
    const declaredOnly =
      metadatas.length > 0 && metadatas.every((metadata) => metadata.type === ValidationTypes.WHITELIST && fields.has(metadata.propertyName));
    plan = { fields, declaredOnly };
    BODY_PLANS.set(type, plan);
  }
  return plan;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Nest's ValidationPipe, refusing inherited names as field names before class-transformer sees them,
 * reading `BodyField`s as they declare, then running the body's rule table (`CheckedBy`) once its
 * declared checks have passed, and refusing text PostgreSQL cannot store last. A body whose spam
 * trap is filled skips the rules and the text check.
 *
 * A body class whose fields are all `BodyField`s without checks of their own (the public forms: their
 * rule tables do the checking) is built here rather than by class-transformer and class-validator,
 * whose metadata walks bench/RESULTS.md §2 named as a cost of the benchmarked POST /api/bookings: the
 * one check class-validator would make, which fields may exist, is a look-up in the declared fields
 * (same decision, same errors, through the same exception factory; `validation-shortcut.property.spec.ts`
 * holds both ways to the same answers). Inherited names, which Nest strips at any depth, are refused
 * before either.
 */
export class StrictValidationPipe extends ValidationPipe {
  private readonly context: RuleContext | undefined;
  private readonly formPost: boolean;

  constructor(options?: ValidationPipeOptions, settings: { context?: RuleContext; encoding?: 'json' | 'form' } = {}) {
    super(options);
    this.context = settings.context;
    this.formPost = settings.encoding === 'form';
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const checked = metadata.type === 'body' || (metadata.type === 'custom' && this.validateCustomDecorators);
    if (!checked) return super.transform(value, metadata);
    const errors = inheritedNameErrors(value);
    if (errors.length > 0) throw DomainError.validation(errors);
    const plan = isPlainObject(value) && typeof metadata.metatype === 'function' && this.toValidate(metadata) ? bodyPlanOf(metadata.metatype) : undefined;
    const input = plan && plan.fields.size > 0 ? this.readFields(value as Record<string, unknown>, plan.fields) : value;
    const result: unknown =
      plan && this.canBuild(plan) ? await this.build(input as Record<string, unknown>, metadata.metatype!, plan) : await super.transform(input, metadata);
    if (typeof result === 'object' && result !== null) {
      if (isTrapped(result)) return result;
      const rules = ownOrInherited(RULE_TABLES, metadata.metatype) as RuleTable<object> | undefined;
      if (rules) {
        if (!this.context) throw new Error(`${metadata.metatype?.name ?? 'A body'} has a rule table, but this validation pipe was given no rule context`);
        const problems = rules(result, this.context);
        if (problems.length > 0) throw DomainError.validation(problems.map(({ field, message }) => ({ field, message })));
      }
    }
    const textErrors = nulTextErrors(result);
    if (textErrors.length > 0) throw DomainError.validation(textErrors);
    return result;
  }

  /** A copy of the body with its `BodyField`s read as they declare (the rest as it came). */
  private readFields(value: Record<string, unknown>, fields: ReadonlyMap<string, FieldReading>): Record<string, unknown> {
    const read: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const reading = fields.get(key);
      let field = value[key];
      if (reading?.readForm && this.formPost) field = reading.readForm(field);
      if (reading?.read) field = reading.read(field);
      read[key] = field;
    }
    return read;
  }

  /** Whether this pipe may build a body of this class itself: every field declared only, and class instances wanted. */
  protected canBuild(plan: BodyPlan): boolean {
    return plan.declaredOnly && this.isTransformEnabled && this.validatorOptions.whitelist === true && !this.validatorOptions.groups && !this.expectedType;
  }

  /** The body as its class, with its declared fields as read; unknown ones refused or dropped as this pipe says. */
  private async build(value: Record<string, unknown>, metatype: NonNullable<ArgumentMetadata['metatype']>, plan: BodyPlan): Promise<object> {
    const body = new (metatype as new () => Record<string, unknown>)();
    const unknown: string[] = [];
    for (const key of Object.keys(value)) {
      if (plan.fields.has(key)) body[key] = value[key];
      else unknown.push(key);
    }
    if (unknown.length === 0 || !this.validatorOptions.forbidNonWhitelisted) return body;
    throw await this.exceptionFactory(
      unknown.map((property) =>
        Object.assign(new ClassValidationError(), {
          property,
          children: [],
          constraints: { [ValidationTypes.WHITELIST]: `property ${property} should not exist` },
        }),
      ),
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
  /** 'form': a browser form post (urlencoded or multipart), all text (`FieldReading.readForm` applies). */
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
      validateCustomDecorators: options.validateCustomDecorators ?? false,
      stopAtFirstError: true,
      validationError: { target: false, value: false },
      exceptionFactory: (errors) => DomainError.validation(flattenValidationErrors(errors)),
    },
    { context: options.context, encoding: options.encoding },
  );
}

/**
 * Like `@IsOptional()`, but only a field left out skips the checks: null is checked, and refused by
 * them (a null role failed a NOT NULL, a null subject crashed the preview, a null setting was stored).
 */
export const IsOmittable = (): PropertyDecorator => ValidateIf((_object: object, value: unknown) => value !== undefined);
