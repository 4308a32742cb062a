import { API_BASE, readAnswer } from '@relining/contracts/client/http';
import { session } from '../providers/session';

/**
 * The file name a download's Content-Disposition gives ('attachment; filename="PR-0001.aba"', or the
 * RFC 5987 form filename*=UTF-8''…), without any folder part; `fallback` when it names none.
 */
export function fileNameFromDisposition(header: string | null | undefined, fallback: string): string {
  const text = header ?? '';
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(text)?.[1];
  let name: string | undefined;
  if (extended) {
    try {
      name = decodeURIComponent(extended.trim());
    } catch {
      name = undefined;
    }
  }
  name ??= /filename\s*=\s*"([^"]*)"/.exec(text)?.[1] ?? /filename\s*=\s*([^;\s]+)/.exec(text)?.[1];
  // Only the name: a server (or anything between) never chooses the folder the file lands in.
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : fallback;
}

/** A link the API gives ('/api/admin/payout-runs/1/payees/2/rcti.pdf') as the session client's path under /api. */
export function apiPathOf(url: string): string {
  const { pathname, search } = new URL(url, 'http://console.invalid');
  return (pathname.startsWith(`${API_BASE}/`) ? pathname.slice(API_BASE.length) : pathname) + search;
}

/** Saves bytes as a file through a temporary link (the browser's own download). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL can go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A file the API guards with the access token (an ABA file, an RCTI), fetched with it (renewed once on
 * 401 like every console request) and saved under the server's file name. A refusal throws the
 * server's ApiError (its message for a toast); the saved name is the answer.
 */
export async function downloadFromApi(path: string, fallbackName: string, accept = '*/*'): Promise<string> {
  const response = await session.send(path, { headers: { Accept: `${accept}, application/json;q=0.5` } });
  if (!response.ok) {
    // The server's error format (message, code); readAnswer throws it as an ApiError.
    await readAnswer<never>(response);
    throw new Error(`The server answered ${response.status}`);
  }
  const name = fileNameFromDisposition(response.headers.get('content-disposition'), fallbackName);
  saveBlob(await response.blob(), name);
  return name;
}
