import { startTestApp, type TestApp } from '../support/test-app.js';

/** Serving both front ends on the API's port, against small fixture builds (test/fixtures). */
describe('front-end serving', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp();
  });

  afterAll(() => sut.close());

  it.each([
    ['/', 'Fixture home page'],
    ['/about', 'Fixture about page'],
    ['/about/', 'Fixture about page'],
  ])('serves the prerendered page %s', async (path, text) => {
    const response = await sut.http().get(path).expect(200).expect('content-type', /text\/html/);
    expect(response.text).toContain(text);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves the client-rendered shell for paths with parameters, marked noindex', async () => {
    const response = await sut.http().get('/job-status/booked-job1001-abc').expect(200);
    expect(response.text).toContain('Loading job details...');
    expect(response.headers['x-robots-tag']).toBe('noindex');
  });

  it.each(['/no-such-page', '/about/team', '/index.html', '/routes.json/../404.html'])('answers %s with the 404 page and a 404 status', async (path) => {
    const response = await sut.http().get(path).expect(404).expect('content-type', /text\/html/);
    expect(response.text).toContain('Oops! Page not found');
    expect(response.text).toContain('Return to Home');
  });

  it('serves hashed assets as immutable', async () => {
    const response = await sut.http().get('/assets/app-abc123.js').expect(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/admin', '/admin/', '/admin/bookings', '/admin/users/123/show'])('answers the console route %s with its index.html', async (path) => {
    const response = await sut.http().get(path).expect(200);
    expect(response.text).toContain('Staff console');
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it('serves the console assets', async () => {
    await sut.http().get('/admin/assets/admin-abc123.js').expect(200).expect('content-type', /javascript/);
  });

  it('never serves files outside the build folders', async () => {
    const response = await sut.http().get('/..%2f..%2fpackage.json');
    expect(response.status).toBe(404);
    expect(response.text).not.toContain('"dependencies"');
  });

  it('answers unknown API routes in JSON, not with a page', async () => {
    const response = await sut.http().get('/api/nothing-here').expect(404).expect('content-type', /json/);
    expect(response.body.code).toBe('NOT_FOUND');
  });
});
