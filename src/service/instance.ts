import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

/**
 * The name of this server process in records other processes read (pending Idempotency-Keys):
 * `host/pid/random`. The random part tells a restarted process from its predecessor even when the
 * pid comes back.
 */
export function newInstanceId(): string {
  return `${hostname()}/${process.pid}/${randomUUID()}`;
}

/**
 * Whether the process named `owner` is certainly gone: it ran on this host and its pid is no longer
 * alive. Anything else (another host, this very pid: another service in this process, or a
 * predecessor whose pid came back) is left to the lease. Nodes must have distinct host names
 * (containers and hosts do by default), or a node could take another's pid for its own.
 */
export function ownerGone(owner: string, self: string): boolean {
  if (owner === self) return false;
  const [host, pidText] = owner.split('/');
  const pid = Number(pidText);
  if (host !== hostname() || !Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: alive, owned by another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
