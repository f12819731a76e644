/**
 * A command line a person got wrong. `sim`, its evaluations and their option parsers throw a
 * UsageError; the command prints it as `<command>: <message>` and exits with code 2, the shell's
 * convention for a misused command. One class, so a parser's error is recognised wherever it lands:
 * it lives beside the scenarios' headless options (`scenarios/headless.ts`), which throw it too.
 */
import { UsageError } from '../src/lib/scenarios/headless';

export { UsageError };

/** Prints a UsageError for `command` and returns the exit code 2; rethrows anything else. */
export function usageExit(command: string, err: unknown): 2 {
	if (!(err instanceof UsageError)) throw err;
	console.error(`${command}: ${err.message}`);
	return 2;
}
