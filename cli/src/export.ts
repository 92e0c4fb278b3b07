// `mwq export FILE --query NAME --to LANG [-o OUT]`: one query as a program
// (Python requests/Pywikibot/mwclient, JavaScript mwn/fetch) on stdout or in
// OUT. Exit codes: 0 written, 2 usage errors (bad option, no such query, a
// query that cannot be sent), 1 the output file could not be written.

import { isHttpUrl } from '../../common/src/url';
import { writeFileAtomic } from '../../common/src/output/atomicWrite';
import { errnoOf } from '../../common/src/errno';
import { readArgs, readQueryFile, stringOption, UsageError } from './args';
import { CODE_TARGETS, codeTarget, exportQueryAsCode } from '../../common/src/codegen';
import { parseDocument } from '../../common/src/parser';
import { selectQuery } from './runScaffold';
import { workspaceFallback } from './workspaceEndpoint';
import { VariableScope } from '../../common/src/resolve';
import { RunnerError } from '../../common/src/runner/errors';

export const EXPORT_USAGE = `  mwq export FILE --to LANG [options]      write one query as a program that runs as it is
      --to LANG          ${CODE_TARGETS.map((t) => t.id).join(', ')}
      --query NAME       the query named NAME (### NAME)
      --line N           the query that contains line N (1-based)
                         (default: the first query)
      --endpoint URL     the wiki's api.php (overrides the file's URL line and @endpoint)
      --env NAME         the environment of .mwquery.json for a query with no endpoint
                         of its own (default: its "default")
      --contact C        contact for the User-Agent (URL or e-mail)
      -o, --output OUT   write to OUT instead of stdout
    {{$env NAME}} becomes a read of NAME, {{$secret NAME}} of MWQ_SECRET_NAME, and a
    sensitive parameter written literally (token=…) of MWQ_PARAM_<PARAM>: no secret is
    ever written into the program.`;

export async function exportCommand(args: string[]): Promise<number> {
  let program: string;
  let output: string | undefined;
  try {
    const read = readArgs(args, {
      to: { type: 'string' },
      query: { type: 'string' },
      line: { type: 'string' },
      endpoint: { type: 'string' },
      env: { type: 'string' },
      contact: { type: 'string' },
      output: { type: 'string', short: 'o' },
    });
    const positionals = read.positionals;
    const get = (name: string) => stringOption(read.values, name);
    const values = {
      to: get('to'),
      query: get('query'),
      line: get('line'),
      endpoint: get('endpoint'),
      env: get('env'),
      contact: get('contact'),
      output: get('output'),
    };
    if (positionals.length !== 1) throw new UsageError(positionals.length ? 'give one file' : 'no file given');
    const file = positionals[0]!;
    if (!values.to) throw new UsageError('--to LANG is required');
    const target = codeTarget(values.to);
    if (!target) throw new UsageError(`--to must be one of ${CODE_TARGETS.map((t) => t.id).join(', ')}, not "${values.to}"`);
    if (values.endpoint !== undefined && !isHttpUrl(values.endpoint)) {
      throw new UsageError(`--endpoint must be an http(s) URL of the wiki's api.php, not "${values.endpoint}"`);
    }
    if (values.endpoint !== undefined && values.env !== undefined) throw new UsageError('give --endpoint or --env, not both');
    const text = readQueryFile(file);
    const doc = parseDocument(text);
    const query = selectQuery(doc, { file, query: values.query, line: values.line });
    program = exportQueryAsCode(query, new VariableScope(doc), target, {
      contact: values.contact,
      endpoint: values.endpoint,
      // A query that names no endpoint: --env, else .mwquery.json's default (as mwq run, endpointChoice.ts).
      defaultEndpoint: values.endpoint ?? workspaceFallback(file, values.env).endpoint,
      surface: 'cli',
    });
    output = values.output;
  } catch (error) {
    if (error instanceof UsageError || error instanceof RunnerError) {
      process.stderr.write(`mwq export: ${(error as Error).message}\n`);
      if (!(error instanceof RunnerError)) process.stderr.write(`Usage:\n${EXPORT_USAGE}\n`);
      return 2;
    }
    throw error;
  }
  if (output === undefined || output === '-') {
    process.stdout.write(program);
    return 0;
  }
  try {
    await writeFileAtomic(output, program, 0o755);
  } catch (error) {
    process.stderr.write(`mwq export: cannot write ${output}: ${errnoOf(error)}\n`);
    return 1;
  }
  process.stderr.write(`mwq export: wrote ${output}\n`);
  return 0;
}
