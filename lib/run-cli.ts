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
