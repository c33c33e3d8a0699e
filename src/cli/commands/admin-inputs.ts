import type { Storage } from '../../storage/index.js';

// What the administration commands check of their input, and the errors they throw.

/** A mistake in the command line: the message, then the usage. */
export class UsageError extends Error {}
/** A command that cannot be carried out (no such account, a missing database): the message alone. */
export class CommandError extends Error {}
/** The database cannot be opened: not a usage error (exit 1, not 2). */
export class DatabaseError extends Error {}

/** Whether `text` has the shape of a JWT (three base64url parts), which a token id (a UUID) never has. */
export function isJwt(text: string): boolean {
  return /^[\w-]+\.[\w-]+\.[\w-]*$/.test(text);
}

/**
 * `--origins`: browser origins as a page's Origin header gives them (scheme, host, port; no path),
 * a leading `*.` in the host standing for any subdomain.
 */
export function parseOrigins(text: string): string[] {
  const origins = text
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '');
  if (origins.length === 0) throw new UsageError('--origins needs at least one origin');
  for (const origin of origins)
    if (!/^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/i.test(origin))
      throw new UsageError(
        `--origins: ${JSON.stringify(origin)} is not an origin like https://app.example (scheme and host, no path)`,
      );
  return origins.map((o) => o.toLowerCase());
}

export function required(value: string | undefined, name: string): string {
  if (value === undefined || value === '') throw new UsageError(`${name} is required`);
  return value;
}

export function oneOf(value: string, allowed: readonly string[], name: string): string {
  if (!allowed.includes(value)) throw new UsageError(`${name} must be one of ${allowed.join(', ')}`);
  return value;
}

export function count(text: string, name: string): number {
  if (!/^\d{1,9}$/.test(text)) throw new UsageError(`${name} must be a whole number`);
  return Number(text);
}

export async function existingAccount(storage: Storage, id: string | undefined): Promise<string> {
  const accountId = required(id, '--account');
  if (!(await storage.accounts.get(accountId))) throw new CommandError(`no account ${accountId}`);
  return accountId;
}
