import { createSession } from '@relining/contracts/client/session';

/**
 * The signed-in staff member: the one session client both front ends use (@relining/contracts/client),
 * the access token in memory only, renewed from the HttpOnly refresh cookie. Every console request
 * goes through it: react-admin's data provider (httpClient.ts), the auth provider and the pages'
 * own calls (`session.call<T>(path)`, T from @relining/contracts/api).
 */
export const session = createSession();
