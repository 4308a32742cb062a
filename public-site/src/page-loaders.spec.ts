import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { isShellPath, matchRoutePath, peekPrefetched, prefetchPageData, seedPageData, takePrefetched } from './page-loaders';

describe('the pages with parameters (shells)', () => {
  const paths = ['/', '/about', '/job-status/:code', '/booking/:token', '/review/:token'];

  it.each([
    ['/', '/'],
    ['/about/', '/about'],
    ['/job-status/booked-job1-abc', '/job-status/:code'],
    ['/booking/Zq3-x_9K', '/booking/:token'],
    ['/booking/Zq3-x_9K/', '/booking/:token'],
    ['/review/Rv7-aB_3', '/review/:token'],
  ])('serves %s with %s', (path, route) => {
    expect(matchRoutePath(paths, path)).toBe(route);
  });

  it.each(['/booking', '/booking/', '/booking/a/b', '/bookings/abc'])('serves %s with none of them', (path) => {
    expect(matchRoutePath(paths, path)).toBeUndefined();
  });

  it('knows the job-status and booking link pages as shells, the marketing pages not', () => {
    expect(isShellPath('/job-status/booked-job1-abc')).toBe(true);
    expect(isShellPath('/booking/Zq3-x_9K')).toBe(true);
    expect(isShellPath('/review/Rv7-aB_3')).toBe(true);
    expect(isShellPath('/review')).toBe(false);
    expect(isShellPath('/about')).toBe(false);
    expect(isShellPath('/booking')).toBe(false);
  });
});

describe("a shell page's data, asked for as the page starts", () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  function answering(body: unknown, status = 200) {
    const fetch = jest.fn(
      async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );
    globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
    return fetch;
  }

  it.each([
    ['/booking/Zq3-x_9K', '/booking/Zq3-x_9K'],
    ['/booking/a%2Fb', '/booking/a%2Fb'],
    ['/job-status/booked-job1-abc', '/job-status/booked-job1-abc'],
    // The review link's page asks for the form's start at the reviews API (plural, as the API is named).
    ['/review/Rv7-aB_3', '/reviews/Rv7-aB_3'],
  ])('asks the API for %s at /api%s and hands the answer over once', async (path, apiPath) => {
    const fetch = answering({ status: 'confirmed' });
    prefetchPageData(path);
    expect(fetch).toHaveBeenCalledWith(`/api${apiPath}`, expect.anything());
    const prefetch = takePrefetched(apiPath);
    await expect(prefetch?.answer).resolves.toEqual({ status: 200, body: { status: 'confirmed' } });
    expect(takePrefetched(apiPath)).toBeUndefined();
  });

  it('asks nothing for other pages, or an address that cannot be decoded', () => {
    const fetch = answering({});
    prefetchPageData('/about');
    prefetchPageData('/booking');
    prefetchPageData('/booking/%E0%A4%A');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('hands over the data the server rendered the page with, until it is released', () => {
    const release = seedPageData({ apiPath: '/booking/Zq3', answer: { status: 404, body: { code: 'NOT_FOUND' } } });
    expect(peekPrefetched('/booking/Zq3')).toEqual({ status: 404, body: { code: 'NOT_FOUND' } });
    release();
    expect(peekPrefetched('/booking/Zq3')).toBeUndefined();
  });
});
