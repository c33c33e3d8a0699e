/**
 * Polls `check` until it returns a value, every `everyMs`, for at most `ms` (bounded: a failure
 * names what it waited for). For conditions another process or node brings about.
 */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined>,
  ms = 60_000,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
