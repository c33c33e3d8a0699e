/**
 * What a command prints when node:util's parseArgs refuses its command line. parseArgs' own
 * messages speak of positional arguments the user did not mean to give and end in a broken quote
 * (`as in '-- "--bogus"`); every command goes through here instead, so that they all say it alike.
 */

/** The refusal in words: `unknown option --bogus`, `--out needs a value`, `--json takes no value`. */
export function optionProblem(error: unknown): string {
  const { code, message } = error as { code?: string; message: string };
  // The option as parseArgs quotes it: '--bogus', '--out <value>' or '-o, --out <value>'.
  const option = /'(?:-\w, )?(-{1,2}[^\s',]+)/.exec(message)?.[1];
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      if (option) return `unknown option ${option}`;
      break;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      if (option)
        return message.includes('does not take') ? `${option} takes no value` : `${option} needs a value`;
      break;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL': {
      const argument = /'([^']*)'/.exec(message)?.[1];
      if (argument !== undefined) return `unexpected argument ${argument} (this command takes options only)`;
      break;
    }
  }
  return message;
}

/** The usage lines of a help text: those after "Usage: ". */
export function usageLines(help: string): string[] {
  return help
    .split('\n')
    .filter((line) => line.startsWith('Usage: '))
    .map((line) => line.slice('Usage: '.length));
}

/** `callscope COMMAND: PROBLEM`, the usage of that command, and where its options are told. */
export function refusal(command: string, error: unknown, usage: readonly string[]): string {
  const lines =
    usage.length === 1 ? `Usage: ${usage[0]}` : `Usage:\n${usage.map((l) => `  ${l}`).join('\n')}`;
  return `callscope ${command}: ${optionProblem(error)}\n${lines}\nRun "callscope ${command} --help" for every option.`;
}
