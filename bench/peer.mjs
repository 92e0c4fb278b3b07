// The peer: the same queries as a JSON document, checked by
// vscode-json-languageservice with a JSON Schema generated from the same
// catalogue (bench/schema.mjs), the thing a user could do instead today.
//
// Runs in a child process of its own (clean heap, its own memory numbers):
//   node bench/peer.mjs TASK.json  ->  prints a JSON result
// with TASK = { engine, file, uri, plan, rounds, serviceBundle? }.
//
// engine "json-peer": vscode-json-languageservice in-process, as the JSON
// language server uses it: the schema is registered once (configure) and
// compiled on first use; after each edit the document is updated, parsed
// (parseJSONDocument) and validated (doValidation), every time, as a server
// would; completion (doComplete) and hover (doHover) use the parse of the
// current version.
//
// engine "mwq-inprocess": our language service (bundled from server/src with
// esbuild, minified like dist/server.js) driven the same way in-process:
// TextDocument.update then validate / complete / hover. Not what the issue's
// targets are about (those are over LSP, bench/lsp.mjs), but the
// like-for-like comparison with the in-process peer.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { buildSchema } from './schema.mjs';
import { loadCatalogue } from './generate.mjs';
import { bundleExports, procMemory, round, summary } from './util.mjs';

const require = createRequire(import.meta.url);

function jsonEngine() {
  const { getLanguageService, TextDocument } = require('vscode-json-languageservice');
  const schema = buildSchema(loadCatalogue());
  const ls = getLanguageService({});
  ls.configure({
    validate: true,
    allowComments: false,
    schemas: [{ uri: schema.$id, fileMatch: ['*.mwq.json'], schema }],
  });
  let parsed;
  return {
    schemaBytes: JSON.stringify(schema).length,
    create: (uri, text) => TextDocument.create(uri, 'json', 1, text),
    update: (doc, changes, version) => {
      parsed = undefined;
      return TextDocument.update(doc, changes, version);
    },
    parse: (doc) => (parsed ??= ls.parseJSONDocument(doc)),
    validate: async (doc) => ls.doValidation(doc, (parsed = ls.parseJSONDocument(doc))),
    complete: async (doc, pos) => (await ls.doComplete(doc, pos, (parsed ??= ls.parseJSONDocument(doc))))?.items.length ?? 0,
    hover: async (doc, pos) => ((await ls.doHover(doc, pos, (parsed ??= ls.parseJSONDocument(doc)))) ? 1 : 0),
  };
}

function mwqEngine(bundle) {
  const { createLanguageService, TextDocument } = require(bundle);
  const service = createLanguageService();
  return {
    create: (uri, text) => TextDocument.create(uri, 'mwquery', 1, text),
    update: (doc, changes, version) => TextDocument.update(doc, changes, version),
    parse: (doc) => service.parse(doc),
    validate: async (doc) => service.validate(doc),
    complete: async (doc, pos) => service.complete(doc, pos).items.length,
    hover: async (doc, pos) => (service.hover(doc, pos) ? 1 : 0),
  };
}

export async function runTask(task) {
  const engine = task.engine === 'json-peer' ? jsonEngine() : mwqEngine(task.serviceBundle);
  const side = task.engine === 'json-peer' ? 'json' : 'mwq';
  const text = fs.readFileSync(task.file, 'utf8');
  const plan = { ...task.plan };
  const rounds = task.rounds ?? 3;
  // The peer takes seconds per validation on big files: fewer edits there.
  if (task.maxEdits) {
    plan.edits = plan.edits.filter((_, i) => i % Math.ceil(plan.edits.length / task.maxEdits) === 0);
    plan.warmupEdits = plan.warmupEdits.slice(0, 2);
  }
  const out = { engine: task.engine, schemaBytes: engine.schemaBytes };
  let doc = engine.create(task.uri, text);
  let version = 1;

  // First validation (cold: schema compiled / catalogue tables built on first use).
  let t0 = performance.now();
  const first = await engine.validate(doc);
  out.firstValidationMs = round(performance.now() - t0);
  out.diagnosticsCount = first.length;

  const edit = async (at, insert) => {
    const range = insert ? { start: at, end: at } : { start: at, end: { line: at.line, character: at.character + 1 } };
    const t = performance.now();
    doc = engine.update(doc, [{ range, text: insert ? 'x' : '' }], ++version);
    const d = await engine.validate(doc);
    return { ms: performance.now() - t, count: d.length };
  };
  for (const e of plan.warmupEdits) {
    await edit(e[side], true);
    await edit(e[side], false);
  }
  const edits = [];
  for (let r = 0; r < (task.editRounds ?? 1); r++) {
    for (const e of plan.edits) {
      edits.push((await edit(e[side], true)).ms);
      edits.push((await edit(e[side], false)).ms);
    }
  }
  out.validationAfterEditMs = summary(edits);

  for (const p of plan.warmupCompletions) await engine.complete(doc, p[side]);
  for (const p of plan.warmupHovers) await engine.hover(doc, p[side]);
  const completion = [];
  const byContext = {};
  const hover = [];
  let items = 0;
  let hovers = 0;
  for (let r = 0; r < rounds; r++) {
    for (const p of plan.completions) {
      t0 = performance.now();
      const n = await engine.complete(doc, p[side]);
      const ms = performance.now() - t0;
      completion.push(ms);
      (byContext[p.ctx] ??= []).push(ms);
      if (r === 0) items += n;
    }
    for (const p of plan.hovers) {
      t0 = performance.now();
      const n = await engine.hover(doc, p[side]);
      hover.push(performance.now() - t0);
      if (r === 0) hovers += n;
    }
  }
  out.completionMs = summary(completion);
  out.completionByContextMs = Object.fromEntries(Object.entries(byContext).map(([k, v]) => [k, summary(v)]));
  out.completionItemsAverage = round(items / plan.completions.length, 1);
  out.hoverMs = summary(hover);
  out.hoversWithContent = hovers;

  // Completion right after an edit: the new version has to be parsed first.
  const afterEdit = [];
  for (const e of plan.edits.slice(0, task.maxEdits ? 4 : 12)) {
    const at = e[side];
    t0 = performance.now();
    doc = engine.update(doc, [{ range: { start: at, end: at }, text: 'x' }], ++version);
    await engine.complete(doc, { line: at.line, character: at.character + 1 });
    afterEdit.push(performance.now() - t0);
    doc = engine.update(doc, [{ range: { start: at, end: { line: at.line, character: at.character + 1 } }, text: '' }], ++version);
    await engine.validate(doc);
  }
  out.completionRightAfterEditMs = summary(afterEdit);
  out.memoryMB = procMemory();
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const task = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
  runTask(task).then(
    (r) => process.stdout.write(JSON.stringify(r) + '\n'),
    (e) => {
      process.stderr.write(String(e?.stack ?? e) + '\n');
      process.exit(1);
    },
  );
}

/** Bundles our language service (as dist/server.js bundles it, minified) for the in-process comparison. */
export function buildServiceBundle(outFile) {
  return bundleExports(
    [
      "export { createLanguageService } from './server/src/service/languageService';",
      "export { TextDocument } from 'vscode-languageserver-textdocument';",
    ],
    outFile,
  );
}
