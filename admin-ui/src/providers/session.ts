/**
 * The signed-in staff member's access token, held in memory only (never in localStorage, where any
 * injected script could read it). The long-lived refresh token is an HttpOnly cookie the browser keeps.
 */
let accessToken: string | null = null;

export const session = {
  get token(): string | null {
    return accessToken;
  },
  set(token: string | null): void {
    accessToken = token;
  },
};
