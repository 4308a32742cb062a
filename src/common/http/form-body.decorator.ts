import {
  createParamDecorator,
  Injectable,
  type ArgumentMetadata,
  type ExecutionContext,
  type PipeTransform,
  type Type,
  type ValidationPipe,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { isFormPost, readFields } from './form-body.js';
import { rememberFormBody, rememberFormPage } from './form-page.js';
import { createValidationPipe } from './validation.js';

/** A public form's body as it arrived: its fields whatever the encoding, and whether a browser form posted it. */
export interface ReceivedForm {
  request: FastifyRequest;
  fields: Record<string, unknown>;
  formPost: boolean;
}

export interface FormBodyOptions {
  /**
   * What a browser form post (urlencoded or multipart) may carry beside the fields its class declares:
   * 'ignore' for forms a page posts without JavaScript (the prerendered booking form's `subject`,
   * whatever a browser extension adds), 'refuse' like any API body. A JSON body always refuses them
   * (`property X should not exist`), as every JSON body of the API does.
   */
  formPostUnknownFields: 'ignore' | 'refuse';
  /** The body's class chosen from the fields as posted, for a form with variants (an enquiry's `kind`); otherwise the parameter's type. */
  bodyClass?: (fields: Readonly<Record<string, unknown>>) => Type<object>;
}

/**
 * Validates a `ReceivedForm` through the one validation pipeline (`createValidationPipe`): a JSON body
 * exactly as the global pipe does, a browser form post as text (`encoding: 'form'`) with its route's
 * choice for unknown fields. The rule tables are given the display time zone.
 */
@Injectable()
export class FormBodyPipe implements PipeTransform<ReceivedForm, Promise<object>> {
  private readonly json: ValidationPipe;
  private readonly formIgnoringUnknown: ValidationPipe;
  private readonly formRefusingUnknown: ValidationPipe;

  constructor(@InjectConfig() config: AppConfig) {
    const context = { timeZone: config.tzDisplay };
    this.json = createValidationPipe({ context });
    this.formIgnoringUnknown = createValidationPipe({ unknownFields: 'ignore', encoding: 'form', context });
    this.formRefusingUnknown = createValidationPipe({ unknownFields: 'refuse', encoding: 'form', context });
  }

  async transform(form: ReceivedForm, metadata: ArgumentMetadata): Promise<object> {
    const options = metadata.data as unknown as FormBodyOptions;
    const bodyClass = options.bodyClass?.(form.fields) ?? metadata.metatype;
    if (!bodyClass || bodyClass === Object) throw new Error('@FormBody() needs a class: type the parameter with it, or give bodyClass');
    const pipe = !form.formPost ? this.json : options.formPostUnknownFields === 'ignore' ? this.formIgnoringUnknown : this.formRefusingUnknown;
    const body = (await pipe.transform(form.fields, { type: 'body', metatype: bodyClass })) as object;
    rememberFormBody(form.request, body);
    return body;
  }
}

/** A request's form fields, whatever the encoding (see `readFields`), and whether a browser form posted them. */
export async function receiveForm(request: FastifyRequest): Promise<ReceivedForm> {
  return { request, fields: await readFields(request), formPost: isFormPost(request) };
}

const ReceiveForm = createParamDecorator<FormBodyOptions, Promise<ReceivedForm>>((_options, context: ExecutionContext) => {
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  // First, so that a body that cannot even be read is answered with the form's page too.
  rememberFormPage(request, context.getHandler());
  return receiveForm(request);
});

/**
 * The body of a public form, whatever its encoding (JSON, urlencoded, or multipart without files),
 * validated like every other request body and handed over as its class:
 * `create(@FormBody({ formPostUnknownFields: 'ignore' }) booking: BookingRequestDto)`.
 * The answer to a browser (a redirect, or a page listing the problems) is `FormPage`'s business.
 */
export const FormBody = (options: FormBodyOptions): ParameterDecorator => ReceiveForm(options, FormBodyPipe);
