import type { EntityManager } from 'typeorm';
import { sampleValues, TEMPLATE_CATALOGUE, TEMPLATE_KEYS, type TemplateVariables } from '../templates/template-catalogue.js';
import type { NotificationsService } from './notifications.service.js';

/**
 * Typed e-mail templates (issue 13, item 3). The lines marked @ts-expect-error must NOT compile:
 * `npm run typecheck` (and so `npm run build` in CI) fails if one of them ever does. The function is
 * never run; it exists for the compiler.
 */
export function compileTimeChecks(notifications: NotificationsService, manager: EntityManager): void {
  const to = 'sam@example.com.au';
  // Every declared variable: compiles.
  void notifications.enqueue(manager, { template: 'reset_password', to, variables: { resetLink: 'https://example.com.au/reset-password?token=x' } });
  void notifications.enqueue(manager, {
    template: 'booking_confirmed',
    to,
    variables: { customerName: 'Alex', jobId: 'JOB-1', trackingLink: 'https://example.com.au/job-status/x' },
  });

  const withoutJobId = { customerName: 'Alex', trackingLink: 'https://example.com.au/job-status/x' };
  // @ts-expect-error a template without one of its variables (jobId) fails to compile
  void notifications.enqueue(manager, { template: 'booking_confirmed', to, variables: withoutJobId });
  // @ts-expect-error a variable the template does not declare fails to compile
  void notifications.enqueue(manager, { template: 'reset_password', to, variables: { resetLink: 'https://example.com.au/x', firstName: 'Sam' } });
  // @ts-expect-error another template's variables do not do
  void notifications.enqueue(manager, { template: 'welcome_plumber', to, variables: { resetLink: 'https://example.com.au/x' } });
  // @ts-expect-error values are text
  void notifications.enqueue(manager, { template: 'reset_password', to, variables: { resetLink: 42 } });
}

describe('typed e-mail templates', () => {
  it.each(TEMPLATE_KEYS)("%s: the sample values (previews and test e-mails) are exactly the template's variables", (key) => {
    const definition = TEMPLATE_CATALOGUE[key];
    const sample: TemplateVariables<typeof key> = sampleValues(definition, 'https://example.com.au') as TemplateVariables<typeof key>;
    expect(Object.keys(sample).sort()).toEqual([...definition.variables].sort());
    for (const value of Object.values(sample)) expect(typeof value).toBe('string');
  });
});
