// `mwq`: the command-line face of the language service and the runner. One
// file per command (check.ts, run.ts, catalogue.ts, export.ts, test.ts, diff.ts, chart.ts, watch.ts); a new command adds its
// file and one entry in COMMANDS.

import { MWQUERY_VERSION } from '../../common/src/runner/version';
import { CATALOGUE_USAGE, catalogueCommand } from './catalogue';
import { CHART_USAGE, chartCommand } from './chart';
import { CHECK_USAGE, checkCommand } from './check';
import { DIFF_USAGE, diffCommand } from './diff';
import { EXIT } from './exitCodes';
import { EXPORT_USAGE, exportCommand } from './export';
import { runCommand } from './run';
import { RUN_USAGE } from './runArgs';
import { TEST_USAGE, testCommand } from './test';
import { WATCH_USAGE, watchCommand } from './watch';
import { terminalSafeLine } from './terminal';
import { HelpRequested, shown } from './args';

export interface Command {
  usage: string;
  run(args: string[]): Promise<number>;
}

/** The command registry: every `mwq` command, its usage and its function (the `--help` test reads it). */
export const COMMANDS: Readonly<Record<string, Command>> = {
  check: { usage: CHECK_USAGE, run: checkCommand },
  run: { usage: RUN_USAGE, run: runCommand },
  catalogue: { usage: CATALOGUE_USAGE, run: catalogueCommand },
  export: { usage: EXPORT_USAGE, run: async (args) => exportCommand(args) },
  test: { usage: TEST_USAGE, run: testCommand },
  diff: { usage: DIFF_USAGE, run: diffCommand },
  chart: { usage: CHART_USAGE, run: chartCommand },
  watch: { usage: WATCH_USAGE, run: watchCommand },
};

export function usage(): string {
  return `Usage:\n${Object.values(COMMANDS)
    .map((c) => c.usage)
    .join('\n')}\n  mwq help COMMAND | mwq COMMAND --help    that command's usage
  mwq --help | --version`;
}

export async function main(argv: string[]): Promise<number> {
  // A reader that stops early (`mwq check … | head`, `mwq run … | head`) ends the command quietly.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(EXIT.ok);
  });
  const [name, ...rest] = argv;
  if (name === 'help' && rest.length > 0) {
    // `mwq help COMMAND`: that command's usage.
    const wanted = Object.hasOwn(COMMANDS, rest[0]!) ? COMMANDS[rest[0]!] : undefined;
    if (!wanted) {
      process.stderr.write(`mwq help: unknown command "${terminalSafeLine(shown(rest[0]!))}"\n${usage()}\n`);
      return EXIT.usage;
    }
    process.stdout.write(`Usage:\n${wanted.usage}\n`);
    return EXIT.ok;
  }
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage() + '\n');
    return name ? EXIT.ok : EXIT.usage;
  }
  if (name === '--version') {
    process.stdout.write(`${MWQUERY_VERSION}\n`);
    return EXIT.ok;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    process.stderr.write(`mwq: unknown command "${terminalSafeLine(shown(name))}"\n${usage()}\n`);
    return EXIT.usage;
  }
  try {
    return await command.run(rest);
  } catch (error) {
    // `mwq COMMAND --help` / `-h` (cli/args.ts): the command's usage, on stdout.
    if (!(error instanceof HelpRequested)) throw error;
    process.stdout.write(`Usage:\n${command.usage}\n`);
    return EXIT.ok;
  }
}
