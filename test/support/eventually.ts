/**
 * Waits for something written after the answer (an export's audit entry is written when the download
 * ends): reads until `read` answers a value, failing with `what` after `timeoutMs`.
 */
export async function eventually<T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not appear within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
