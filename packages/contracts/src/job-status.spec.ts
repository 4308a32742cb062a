import { JOB_STATUSES, stageFromJobId, trackerStages, trackingLinkProblem } from './job-status.js';

describe('trackerStages', () => {
  it.each([
    ['booked', 0, ['current', 'upcoming', 'upcoming', 'upcoming', 'upcoming', 'upcoming']],
    ['inspected', 0.2, ['completed', 'current', 'upcoming', 'upcoming', 'upcoming', 'upcoming']],
    ['quoted', 0.4, ['completed', 'completed', 'current', 'upcoming', 'upcoming', 'upcoming']],
    ['accepted', 0.6, ['completed', 'completed', 'completed', 'current', 'upcoming', 'upcoming']],
    ['scheduled', 0.8, ['completed', 'completed', 'completed', 'completed', 'current', 'upcoming']],
    ['completed', 1, ['completed', 'completed', 'completed', 'completed', 'completed', 'current']],
  ] as const)('%s → progress %d', (status, progress, states) => {
    const result = trackerStages(status);
    expect(result.progress).toBeCloseTo(progress);
    expect(result.stages.map((stage) => stage.state)).toEqual(states);
    expect(result.stages.map((stage) => stage.status)).toEqual(JOB_STATUSES);
  });
});

describe('stageFromJobId', () => {
  it.each([
    [undefined, 'quoted'],
    ['', 'quoted'],
    ['JOB-1001', 'quoted'],
    ['new-job', 'booked'],
    ['inspection-done', 'inspected'],
    ['QUOTE-7', 'quoted'],
    ['accepted-42', 'accepted'],
    ['scheduled-next-week', 'scheduled'],
    ['complete', 'completed'],
    ['new-and-complete', 'booked'],
    ['schedule-inspect', 'inspected'],
  ])('%j → %s', (jobId, stage) => {
    expect(stageFromJobId(jobId)).toBe(stage);
  });
});

describe('trackingLinkProblem', () => {
  const valid = { jobNumber: 'JOB-1001', customerName: 'Alex', customerEmail: 'alex@example.com.au' };

  it.each([
    [valid, undefined],
    [{ ...valid, jobNumber: '  ' }, 'Please enter job ID, customer name, and email'],
    [{ ...valid, customerName: '' }, 'Please enter job ID, customer name, and email'],
    [{ ...valid, customerEmail: undefined }, 'Please enter job ID, customer name, and email'],
    [{ ...valid, customerEmail: 'alex@example' }, 'Please enter a valid email address'],
    [{ ...valid, customerEmail: 'alex.example.com' }, 'Please enter a valid email address'],
  ])('%j → %s', (input, message) => {
    expect(trackingLinkProblem(input)?.message).toBe(message);
  });

  it('names the missing field and the title of the toast', () => {
    expect(trackingLinkProblem({ ...valid, customerName: '' })).toEqual({
      title: 'Missing information',
      message: 'Please enter job ID, customer name, and email',
      field: 'customerName',
    });
    expect(trackingLinkProblem({ ...valid, customerEmail: 'x' })).toMatchObject({ title: 'Invalid email', field: 'customerEmail' });
  });
});
