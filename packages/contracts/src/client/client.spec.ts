import type { Session } from '../api/auth.js';
import { api, ApiError, errorMessage, NETWORK_ERROR_MESSAGE } from './http.js';
import { createSession } from './session.js';

interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

/** A fake server behind fetch: each request is recorded, and answered by `answer`. */
function fakeServer(answer: (request: Sent) => Response | Promise<Response>) {
  const sent: Sent[] = [];
  globalThis.fetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const request = { url: String(input), method: init.method ?? 'GET', headers: new Headers(init.headers), body: init.body };
    sent.push(request);
    return answer(request);
  }) as typeof fetch;
  return sent;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const session = (token: string): Session => ({ accessToken: token, expiresIn: 900, user: { id: 'u1', email: 'sam@example.com.au', role: 'plumber' } });
const withMarker = () => 'other=1; relining_session=1';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('api(): one JSON client for both front ends', () => {
  it('sends JSON to /api with the token, same origin, and answers with the body', async () => {
    const sent = fakeServer(() => json(200, { message: 'ok' }));
    await expect(api<{ message: string }>('/auth/me', { method: 'POST', body: { a: 1 }, token: 't1' })).resolves.toEqual({ message: 'ok' });
    expect(sent[0]).toMatchObject({ url: '/api/auth/me', method: 'POST', body: '{"a":1}' });
    expect(sent[0]!.headers.get('content-type')).toBe('application/json');
    expect(sent[0]!.headers.get('accept')).toBe('application/json');
    expect(sent[0]!.headers.get('authorization')).toBe('Bearer t1');
  });

  it('sends a FormData as multipart (the browser sets its boundary) and no body without a Content-Type', async () => {
    const sent = fakeServer(() => new Response(null, { status: 204 }));
    const form = new FormData();
    form.append('photos', 'x');
    await expect(api('/me/referrals/1/photos', { method: 'POST', body: form })).resolves.toBeUndefined();
    await api('/admin/jobs/1/notify', { method: 'POST' });
    expect(sent[0]!.body).toBe(form);
    expect(sent[0]!.headers.has('content-type')).toBe(false);
    expect(sent[1]!.headers.has('content-type')).toBe(false);
  });

  it('throws the error format as an ApiError: status, code, message, field errors and the body', async () => {
    const body = {
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'Please enter a valid email address',
      errors: [{ field: 'email', message: 'Please enter a valid email address' }],
      correlationId: 'c1',
    };
    fakeServer(() => json(400, body));
    const error = await api('/auth/forgot-password', { method: 'POST', body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: body.message, errors: body.errors, body });
    expect(errorMessage(error, 'fallback')).toBe(body.message);
  });

  it('an answer without the error format, or no server at all, gets a message of its own', async () => {
    fakeServer(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const unformatted = await api('/health').catch((caught: unknown) => caught);
    expect(unformatted).toMatchObject({ status: 502, code: 'ERROR', message: 'Please try again later.' });
    expect(errorMessage(unformatted, 'The server did not answer.')).toBe('The server did not answer.');
    fakeServer(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api('/health')).rejects.toMatchObject({ status: 0, code: 'NETWORK', message: NETWORK_ERROR_MESSAGE });
  });

  it('an aborted request rethrows its AbortError', async () => {
    fakeServer(() => Promise.reject(Object.assign(new Error('aborted'), { name: 'AbortError' })));
    await expect(api('/addresses/suggest?q=x')).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('createSession(): the access token in memory, renewed from the refresh cookie', () => {
  it('does not ask to restore a session when the marker cookie says there is none', async () => {
    const sent = fakeServer(() => json(200, session('new')));
    const sut = createSession({ cookies: () => 'other=1' });
    await expect(sut.refresh()).resolves.toBeNull();
    expect(sent).toEqual([]);
  });

  it('restores the session with one POST /api/auth/refresh (JSON), shared by every caller at the same time', async () => {
    const sent = fakeServer(() => json(200, session('new')));
    const sut = createSession({ cookies: withMarker });
    const seen: Array<Session | null> = [];
    sut.subscribe((current) => seen.push(current));
    const [first, second] = await Promise.all([sut.refresh(), sut.refresh()]);
    expect(first).toEqual(session('new'));
    expect(second).toBe(first);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ url: '/api/auth/refresh', method: 'POST', body: '{}' });
    expect(sent[0]!.headers.get('content-type')).toBe('application/json');
    expect(sut.token).toBe('new');
    expect(seen).toEqual([session('new')]);
  });

  it('renews an expired token once and sends the request again; two calls at once share the renewal', async () => {
    const sent = fakeServer(({ url, headers }) => {
      if (url === '/api/auth/refresh') return json(200, session('new'));
      return headers.get('authorization') === 'Bearer new'
        ? json(200, { url })
        : json(401, { statusCode: 401, code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' });
    });
    const sut = createSession({ cookies: withMarker });
    sut.set(session('old'));
    const answers = await Promise.all([sut.call<{ url: string }>('/me/referrals'), sut.call<{ url: string }>('/me/rebates/summary')]);
    expect(answers).toEqual([{ url: '/api/me/referrals' }, { url: '/api/me/rebates/summary' }]);
    expect(sent.filter((request) => request.url === '/api/auth/refresh')).toHaveLength(1);
    expect(sut.user?.email).toBe('sam@example.com.au');
  });

  it('when the token cannot be renewed, forgets the session and answers with the 401', async () => {
    fakeServer(({ url }) =>
      url === '/api/auth/refresh'
        ? json(401, { statusCode: 401, code: 'UNAUTHENTICATED', message: 'Session ended.' })
        : json(401, { statusCode: 401, code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' }),
    );
    const sut = createSession({ cookies: withMarker });
    sut.set(session('old'));
    await expect(sut.call('/me/referrals')).rejects.toMatchObject({ status: 401, message: 'Please sign in to continue.' });
    expect(sut.current).toBeNull();
  });

  it('signs in and out through /api/auth, and fetches guarded bytes with the token', async () => {
    const sent = fakeServer(({ url }) => {
      if (url === '/api/auth/login') return json(200, session('t1'));
      if (url === '/api/auth/logout') return new Response(null, { status: 204 });
      return new Response('bytes', { status: 200, headers: { 'content-type': 'image/jpeg' } });
    });
    const sut = createSession({ cookies: () => '' });
    await expect(sut.signIn({ email: 'sam@example.com.au', password: 'a long password' })).resolves.toEqual(session('t1'));
    const photo = await sut.blob('/me/referrals/r1/photos/p1');
    expect(await photo.text()).toBe('bytes');
    expect(sent[1]!.headers.get('authorization')).toBe('Bearer t1');
    await sut.signOut();
    expect(sut.current).toBeNull();
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /api/auth/login',
      'GET /api/me/referrals/r1/photos/p1',
      'POST /api/auth/logout',
    ]);
  });

  it('a failed sign-in throws the server message and keeps no session', async () => {
    fakeServer(() => json(401, { statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' }));
    const sut = createSession({ cookies: () => '' });
    await expect(sut.signIn({ email: 'sam@example.com.au', password: 'wrong' })).rejects.toMatchObject({ status: 401, message: 'Invalid email or password' });
    expect(sut.current).toBeNull();
  });
});
