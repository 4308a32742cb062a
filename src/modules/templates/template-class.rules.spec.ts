import { describe, expect, it } from '@jest/globals';
import { TEMPLATE_CATALOGUE, type TemplateKey } from './template-catalogue.js';
import { isMarketing, TEMPLATE_CLASSES, templateClass } from './template-class.rules.js';

describe('template classes (Spam Act)', () => {
  it('classes every template in the catalogue, and nothing else', () => {
    expect(Object.keys(TEMPLATE_CLASSES).sort()).toEqual(Object.keys(TEMPLATE_CATALOGUE).sort());
  });

  it.each(Object.keys(TEMPLATE_CATALOGUE) as TemplateKey[])('%s is transactional or marketing', (key) => {
    expect(['transactional', 'marketing']).toContain(templateClass(key));
    expect(isMarketing(key)).toBe(templateClass(key) === 'marketing');
  });

  it('classes the review request as marketing', () => {
    expect(templateClass('review_request')).toBe('marketing');
  });

  it.each(['booking_confirmed', 'job_completed', 'reset_password', 'appointment_reminder', 'payout_remittance'] as const)(
    '%s (a status update, receipt or account link) is transactional',
    (key) => {
      expect(isMarketing(key)).toBe(false);
    },
  );
});
