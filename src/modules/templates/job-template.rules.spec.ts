import { templateForJobStatus } from './job-template.rules.js';

describe('templateForJobStatus', () => {
  it.each([
    ['booked', 'booking_confirmed'],
    ['inspected', 'inspection_completed'],
    ['quoted', 'quote_sent'],
    ['accepted', 'quote_accepted'],
    ['scheduled', 'reline_scheduled'],
    ['completed', 'job_completed'],
  ] as const)('%s sends %s', (status, template) => {
    expect(templateForJobStatus(status)).toBe(template);
  });
});
