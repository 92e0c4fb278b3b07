// `mwq`: the command-line face of the language service.
//   mwq check FILE... [--format text|json]
// Prints `file:line:col severity code message` per diagnostic (or the LSP
// diagnostics per file as JSON) and exits 1 when any error was found.

import { readFileSync } from 'node:fs';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { pathToFileURL } from 'node:url';
import { createLanguageService } from './service/languageService';
import { formatDiagnosticLine } from './cliFormat';

const USAGE = `Usage:
  mwq check FILE... [--format text|json]   check query files against the bundled catalogue
  mwq --help | --version`;

function main(argv: string[]): number {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(USAGE + '\n');
    return command ? 0 : 2;
  }
  if (command === '--version') {
    process.stdout.write('0.1.0\n');
    return 0;
  }
  if (command === 'check') return check(rest);
  process.stderr.write(`mwq: unknown command "${command}"\n${USAGE}\n`);
  return 2;
}

function check(args: string[]): number {
  let format = 'text';
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--format') format = args[++i] ?? '';
    else if (arg.startsWith('--format=')) format = arg.slice('--format='.length);
    else if (arg.startsWith('--')) {
      process.stderr.write(`mwq check: unknown option ${arg}\n`);
      return 2;
    } else files.push(arg);
  }
  if (format !== 'text' && format !== 'json') {
    process.stderr.write(`mwq check: --format must be text or json, not "${format}"\n`);
    return 2;
  }
  if (files.length === 0) {
    process.stderr.write(`mwq check: no files given\n${USAGE}\n`);
    return 2;
  }
  const service = createLanguageService();
  let errors = 0;
  let unreadable = 0;
  const report: { file: string; uri: string; diagnostics: unknown[] }[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      process.stderr.write(`mwq check: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}\n`);
      unreadable++;
      continue;
    }
    const uri = pathToFileURL(file).href;
    const document = TextDocument.create(uri, 'mwquery', 1, text);
    const diagnostics = service.validate(document);
    errors += diagnostics.filter((d) => d.severity === 1).length;
    if (format === 'json') report.push({ file, uri, diagnostics });
    else for (const d of diagnostics) process.stdout.write(formatDiagnosticLine(file, d) + '\n');
  }
  if (format === 'json') process.stdout.write(JSON.stringify(report, null, 2) + '\n');
  if (unreadable) return 2;
  return errors > 0 ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
