import { decideSameOriginJson, isJsonContentType, type RequestOrigin } from './same-origin.js';

describe('decideSameOriginJson', () => {
  const allowed = new Set(['https://pipereliningaustralia.com.au', 'https://staff.pipereliningaustralia.com.au']);
  const site = 'https://pipereliningaustralia.com.au';
  const json = 'application/json';
  const request = (change: Partial<RequestOrigin>): RequestOrigin => ({
    method: 'POST',
    contentType: json,
    origin: undefined,
    secFetchSite: undefined,
    ownOrigin: 'https://pipereliningaustralia.com.au',
    ...change,
  });

  it.each<[string, Partial<RequestOrigin>, string]>([
    ['JSON from the site', { origin: site, secFetchSite: 'same-origin' }, 'ok'],
    ['JSON from another listed origin', { origin: 'https://staff.pipereliningaustralia.com.au', secFetchSite: 'same-site' }, 'ok'],
    ['JSON with a charset', { origin: site, contentType: 'application/json; charset=utf-8' }, 'ok'],
    ['JSON, upper case', { origin: site.toUpperCase(), contentType: 'Application/JSON' }, 'ok'],
    ['JSON from the address the request was made to', { origin: 'http://127.0.0.1:3000', ownOrigin: 'http://127.0.0.1:3000' }, 'ok'],
    ['JSON from no browser (no Origin, no Sec-Fetch-Site)', {}, 'ok'],
    ['JSON typed into the address bar (Sec-Fetch-Site: none)', { secFetchSite: 'none' }, 'ok'],
    ['JSON from another site', { origin: 'https://evil.example.com' }, 'cross-site'],
    ['JSON from Origin: null', { origin: 'null' }, 'cross-site'],
    ['JSON from a look-alike suffix', { origin: `${site}.evil.example.com` }, 'cross-site'],
    ['JSON from the site over http', { origin: 'http://pipereliningaustralia.com.au' }, 'cross-site'],
    ['JSON from the site on another port', { origin: `${site}:8443` }, 'cross-site'],
    ['JSON without Origin but Sec-Fetch-Site: cross-site', { secFetchSite: 'cross-site' }, 'cross-site'],
    ['a form from another site', { origin: 'https://evil.example.com', contentType: 'application/x-www-form-urlencoded' }, 'cross-site'],
    ['a form from the site', { origin: site, contentType: 'application/x-www-form-urlencoded' }, 'not-json'],
    ['multipart from the site', { origin: site, contentType: 'multipart/form-data; boundary=x' }, 'not-json'],
    ['text/plain without an Origin', { contentType: 'text/plain' }, 'not-json'],
    ['no body at all', { contentType: undefined }, 'not-json'],
    ['a JSON look-alike type', { contentType: 'application/json-patch+json' }, 'not-json'],
  ])('%s → %s', (_name, change, decision) => {
    expect(decideSameOriginJson(request(change), allowed)).toBe(decision);
  });
});

describe('isJsonContentType', () => {
  it.each([
    ['application/json', true],
    ['application/json;charset=UTF-8', true],
    [' application/json ', true],
    ['application/jsonx', false],
    ['text/json', false],
    ['', false],
    [undefined, false],
  ])('%j → %s', (value, expected) => {
    expect(isJsonContentType(value)).toBe(expected);
  });
});
