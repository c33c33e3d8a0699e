import type { ServiceContext } from './context.js';

/**
 * How long before the end of the shutdown grace the holds of unfinished work are given back: a
 * release is one small transaction, so a second leaves room for hundreds even on a slow database;
 * with a grace shorter than 2 s, half of it.
 */
const MARGIN_MS = 1_000;

/**
 * Runs `close` (the server finishing its requests in flight); if it is still running shortly
 * before `graceMs` ends, when the process will be stopped anyway, gives back the credit holds of
 * the work in flight, as its failure would. Without this, a stop during long analyses left their
 * holds for housekeeping, credits taken from the account until then. Work that still completes
 * afterwards pays for itself again (`settle` with a recharge).
 */
export async function drain(ctx: ServiceContext, close: () => Promise<void>, graceMs: number): Promise<void> {
  let giving: Promise<number> | undefined;
  const timer = setTimeout(
    () => {
      giving = giveBackHolds(ctx);
    },
    Math.max(0, graceMs - Math.min(MARGIN_MS, graceMs / 2)),
  );
  try {
    await close();
  } finally {
    clearTimeout(timer);
    await giving;
  }
}

/** Gives back the credit holds of the work in flight in this process; how many. */
export async function giveBackHolds(ctx: ServiceContext): Promise<number> {
  const holds = [...ctx.holdsInFlight];
  let given = 0;
  for (const hold of holds) {
    try {
      await ctx.storage.accounts.release(hold);
      given++;
    } catch (err) {
      ctx.log.warn({ err }, 'could not give a credit hold back at shutdown (housekeeping will)');
    }
  }
  if (given > 0) ctx.log.warn({ holds: given }, 'shutdown: gave back the credit holds of unfinished work');
  return given;
}
