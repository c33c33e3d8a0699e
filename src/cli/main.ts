#!/usr/bin/env node
import { type CliIo, processIo } from './io.js';
import { RELEASE } from './release.js';

/**
 * Each command's module is loaded when it runs: `callscope analyze` then reads no HTTP server,
 * database driver or MCP SDK (about 1 400 modules it does not use), and starts in a fraction of
 * the time.
 */
const load = {
  analyze: () => import('./commands/analyze.js'),
  serve: () => import('./commands/serve.js'),
  migrate: () => import('./commands/migrate.js'),
  doctor: () => import('./commands/doctor.js'),
  housekeeping: () => import('./commands/housekeeping.js'),
  admin: () => import('./commands/admin.js'),
};

async function help(): Promise<string> {
  const [{ ANALYZE_HELP }, { ADMIN_HELP }] = await Promise.all([load.analyze(), load.admin()]);
  return `callscope — WebRTC session analysis

Usage: callscope <command> [options]

Commands:
  analyze FILE...   analyze dumps and print a summary (or --json)
  serve             start the HTTP service (REST API, MCP, docs)
  migrate           apply pending database migrations and exit
  doctor            check configuration, database, blob store and data directory
  housekeeping      remove leftovers now (expired chunks, holds and orphans of a crash)
  accounts ...      create and list accounts (create prints an application token);
                    disable-api / enable-api withdraw or restore an account's API access
  tokens ...        create, list and revoke application tokens
  credits add       add purchased credits to an account
  sessions list     list an account's stored sessions, with their file names
  webhooks ...      create, list and delete an account's webhooks
  help [command]    show help

Options:
  --version         print the version

${ANALYZE_HELP}

${ADMIN_HELP}

Run "callscope serve --help" for the service settings, "callscope help migrate|doctor|housekeeping" for those.`;
}

/** The help of one command, or undefined for a name that is not one. */
async function commandHelp(name: string): Promise<string | undefined> {
  switch (name) {
    case 'serve':
      return (await load.serve()).SERVE_HELP;
    case 'analyze':
      return (await load.analyze()).ANALYZE_HELP;
    case 'migrate':
      return (await load.migrate()).MIGRATE_HELP;
    case 'doctor':
      return (await load.doctor()).DOCTOR_HELP;
    case 'housekeeping':
      return (await load.housekeeping()).HOUSEKEEPING_HELP;
    case 'accounts':
    case 'tokens':
    case 'credits':
    case 'sessions':
    case 'webhooks':
      return (await load.admin()).ADMIN_HELP;
    default:
      return undefined;
  }
}

export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'analyze':
      return (await load.analyze()).analyzeCommand(rest, io);
    case 'serve':
      return (await load.serve()).serveCommand(rest, io);
    case 'migrate':
      return (await load.migrate()).migrateCommand(rest, io);
    case 'doctor':
      return (await load.doctor()).doctorCommand(rest, io);
    case 'housekeeping':
      return (await load.housekeeping()).housekeepingCommand(rest, io);
    case 'accounts':
    case 'tokens':
    case 'credits':
    case 'sessions':
    case 'webhooks':
      return (await load.admin()).adminCommand(command, rest, io);
    case '--version':
    case '-v':
      io.out(RELEASE);
      return 0;
    case undefined:
    case 'help':
    case '--help':
    case '-h': {
      if (!rest[0]) {
        io.out(await help());
        return 0;
      }
      const text = await commandHelp(rest[0]);
      if (text === undefined) {
        io.err(`callscope help: unknown command "${rest[0]}".\n\n${await help()}`);
        return 2;
      }
      io.out(text);
      return 0;
    }
    default:
      io.err(`callscope: unknown command "${command}".\n\n${await help()}`);
      return 2;
  }
}

const invoked = process.argv[1] ?? '';
if (/[\\/]cli[\\/]main\.(js|ts)$/.test(invoked) || invoked.endsWith('/callscope')) {
  // A reader that stops early (`callscope analyze --json x | head`) closes the pipe: what is left
  // to print has nowhere to go, which is not an error of ours. Stop quietly, as Unix tools do.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(0);
  });
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`callscope: internal error: ${(error as Error).stack ?? String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
