/** A command line the tool cannot take: its message is printed with the usage, exit code 2. */
export class UsageError extends Error {}

/**
 * Parses the command line with `parse`: a UsageError prints its message and the usage (exit 2),
 * "help" prints the usage (exit 0); otherwise the parsed command.
 */
export function parseCommandLine<C extends { command: string }>(tool: string, usage: string, parse: (args: readonly string[]) => C): Exclude<C, { command: "help" }> | { exit: number } {
  let command: C;
  try {
    command = parse(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${tool}: ${error.message}\n${usage}\n`);
    return { exit: 2 };
  }
  if (command.command === "help") {
    process.stdout.write(`${usage}\n`);
    return { exit: 0 };
  }
  return command as Exclude<C, { command: "help" }>;
}

/**
 * Runs a command-line tool and exits with the code its main returns. A failure prints one line
 * naming the tool: a failed query's own message repeats the SQL, so its cause is what is said.
 */
export function runCli(tool: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause : error).message : String(error);
      process.stderr.write(`${tool}: ${reason}\n`);
      process.exit(1);
    },
  );
}
