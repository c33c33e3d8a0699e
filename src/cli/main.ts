#!/usr/bin/env node
import { PROCESSOR_VERSION } from '../version.js';
import { ADMIN_HELP, adminCommand } from './commands/admin.js';
import { ANALYZE_HELP, analyzeCommand } from './commands/analyze.js';
import { DOCTOR_HELP, doctorCommand } from './commands/doctor.js';
import { HOUSEKEEPING_HELP, housekeepingCommand } from './commands/housekeeping.js';
import { MIGRATE_HELP, migrateCommand } from './commands/migrate.js';
import { SERVE_HELP, serveCommand } from './commands/serve.js';
import { type CliIo, processIo } from './io.js';

const HELP = `callscope — WebRTC session analysis

Usage: callscope <command> [options]

Commands:
  analyze FILE...   analyze dumps and print a summary (or --json)
  serve             start the HTTP service (REST API, MCP, docs)
  migrate           apply pending database migrations and exit
  doctor            check configuration, database, blob store and data directory
  housekeeping      remove leftovers now (expired chunks, holds and orphans of a crash)
  accounts ...      create and list accounts (prints an application token)
  tokens ...        create, list and revoke application tokens
  credits add       add purchased credits to an account
  help [command]    show help

Options:
  --version         print the version

${ANALYZE_HELP}

${ADMIN_HELP}

Run "callscope serve --help" for the service settings, "callscope help migrate|doctor|housekeeping" for those.`;

export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'analyze':
      return analyzeCommand(rest, io);
    case 'serve':
      return serveCommand(rest, io);
    case 'migrate':
      return migrateCommand(rest, io);
    case 'doctor':
      return doctorCommand(rest, io);
    case 'housekeeping':
      return housekeepingCommand(rest, io);
    case 'accounts':
    case 'tokens':
    case 'credits':
      return adminCommand(command, rest, io);
    case '--version':
    case '-v':
      io.out(PROCESSOR_VERSION);
      return 0;
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      if (rest[0] === 'serve') io.out(SERVE_HELP);
      else if (rest[0] === 'analyze') io.out(ANALYZE_HELP);
      else if (rest[0] === 'migrate') io.out(MIGRATE_HELP);
      else if (rest[0] === 'doctor') io.out(DOCTOR_HELP);
      else if (rest[0] === 'housekeeping') io.out(HOUSEKEEPING_HELP);
      else if (rest[0] && ['accounts', 'tokens', 'credits'].includes(rest[0])) io.out(ADMIN_HELP);
      else io.out(HELP);
      return 0;
    default:
      io.err(`callscope: unknown command "${command}".\n\n${HELP}`);
      return 2;
  }
}

const invoked = process.argv[1] ?? '';
if (/[\\/]cli[\\/]main\.(js|ts)$/.test(invoked) || invoked.endsWith('/callscope')) {
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
