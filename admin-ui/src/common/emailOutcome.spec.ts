import { describe, expect, it } from '@jest/globals';
import { emailOutcome, notificationStatusLabel } from './emailOutcome';

describe('e-mail outcome toasts', () => {
  const sent = { title: 'Test Email Sent', description: 'Check your inbox for the test email.' };

  it.each([
    ['queued', sent],
    [undefined, sent],
    ['preview', { title: 'Saved as a preview', description: 'The test email was saved as a preview (not sent: no SMTP server configured).' }],
  ])('status %j → %j', (status, words) => {
    expect(emailOutcome(status, sent, { what: 'the test email' })).toEqual(words);
  });

  it('never says sent in preview mode, whatever the action', () => {
    for (const what of ['the test email', 'the status update email to a@b.com', 'your message to sam@example.com.au', 'the tracking link email to x@y.com']) {
      const words = emailOutcome('preview', { title: 'Email sent', description: 'Sent!' }, { what });
      expect(`${words.title} ${words.description}`).not.toMatch(/\bsent\b(?!: no SMTP)/i);
      expect(words.description).toContain('saved as a preview (not sent: no SMTP server configured)');
    }
  });

  it.each([
    ['preview', 'saved as a preview (not sent)'],
    ['sent', 'sent'],
    ['dead', 'dead'],
  ])('the outbox shows %s as %j', (status, label) => {
    expect(notificationStatusLabel(status)).toBe(label);
  });
});
