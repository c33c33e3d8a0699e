import type { Config } from '../config/config.js';
import { shellQuote } from './shell-quote.js';

/**
 * The storage option to repeat in a command printed for the user to run next (such as creating
 * the first account): without it, that command would open another database than the service's,
 * and the token it prints would be refused. A database URL taken from CALLSCOPE_DATABASE_URL is
 * left to that variable, which the user's shell holds already; one given as a flag is named, not
 * printed, so that its password stays off the screen and out of the logs.
 */
export function storageOption(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  env: NodeJS.ProcessEnv,
): string {
  if (!config.databaseUrl) return ` --data ${shellQuote(config.dataDir)}`;
  if (env.CALLSCOPE_DATABASE_URL === config.databaseUrl) return '';
  return ' --database-url <the URL given to serve>';
}
