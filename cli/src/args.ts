// Command-line options on node:util.parseArgs, with the CLI's own messages:
// every problem is a UsageError (exit 2) whose text never repeats more of an
// argument than needed.

import { parseArgs, type ParseArgsConfig } from 'node:util';
import { endpointProblem } from '../../common/src/runner/request';
import { readFileSync } from 'node:fs';
import { errnoOf } from '../../common/src/errno';

export class UsageError extends Error {}

/** `--help` or `-h` among a command's arguments: main.ts prints the command's usage on stdout (exit 0). */
export class HelpRequested extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>;

export interface ParsedArgs {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}

export function readArgs(args: string[], options: Options): ParsedArgs {
  // Asking for help wins over any other argument, right or wrong (up to a `--`).
  const end = args.indexOf('--');
  if ((end < 0 ? args : args.slice(0, end)).some((a) => a === '--help' || a === '-h')) throw new HelpRequested();
  try {
    const { values, positionals } = parseArgs({ args, options, strict: true, allowPositionals: true });
    return { values: values as ParsedArgs['values'], positionals };
  } catch (error) {
    const code = (error as { code?: string }).code;
    const message = (error as Error).message;
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      const option = /'([^']*)'/.exec(message)?.[1] ?? '';
      throw new UsageError(`unknown option ${shown(option)}`);
    }
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      const name = /--([A-Za-z-]+)/.exec(message)?.[1] ?? '';
      throw new UsageError(/argument missing/.test(message) ? `--${name} needs a value` : `--${name} takes no value`);
    }
    throw new UsageError(`cannot read the arguments (${code ?? 'error'})`);
  }
}

export function stringOption(values: ParsedArgs['values'], name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

/** An argument shown in a message: at most 80 characters. */
export function shown(text: string): string {
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

/** The largest whole number accepted for counts (pages, items, line numbers). */
const MAX_COUNT = 1_000_000_000;

export function positiveInt(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d{1,10}$/.test(text) || Number(text) < 1 || Number(text) > MAX_COUNT) {
    throw new UsageError(`--${name} must be a whole number from 1 to ${MAX_COUNT}, not "${shown(text)}"`);
  }
  return Number(text);
}

/** Longest time-out accepted: a day (setTimeout overflows past 2^31-1 ms and fires at once). */
export const MAX_TIMEOUT_SECONDS = 86_400;

export function timeoutOption(text: string | undefined): number {
  if (text === undefined) return 30_000;
  const seconds = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text.trim()) || !(seconds > 0) || seconds > MAX_TIMEOUT_SECONDS) {
    throw new UsageError(`--timeout must be a number of seconds from 0.001 to ${MAX_TIMEOUT_SECONDS}, not "${shown(text)}"`);
  }
  return Math.max(1, Math.round(seconds * 1000));
}

/** An --endpoint value: an http(s) URL without credentials. */
export function endpointOption(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const problem = endpointProblem(text);
  if (problem) throw new UsageError(`--endpoint must be the http(s) URL of the wiki's api.php: ${problem}`);
  return text;
}

/** The text of a query file; a file that cannot be read is a usage error naming the file and the system's code. */
export function readQueryFile(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${errnoOf(error)}`);
  }
}

/** `--part NAME` of `mwq run` and `mwq chart`: a part of the answers (`sections`, `parse.links`; results/parts.ts). */
export function partOption(value: string | undefined): string | undefined {
  if (value !== undefined && !/^([A-Za-z0-9_-]{1,64}\.)?[A-Za-z0-9_-]{1,64}$/.test(value))
    throw new UsageError(`--part takes the name of a part of the answer (such as namespaces or sections), not "${shown(value)}"`);
  return value;
}

/** What `--part NAME` says when the answers have no such part: the parts they have. */
export function noPartText(name: string, partNames: readonly string[]): string {
  return `the answers have no part "${shown(name)}"${partNames.length ? ` (parts: ${partNames.join(', ')})` : ''}`;
}
