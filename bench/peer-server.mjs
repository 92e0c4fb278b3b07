// The peer behind LSP: vscode-json-languageservice with the catalogue's JSON
// Schema (bench/schema.mjs), served over stdio the way VS Code's JSON language
// server serves it (one parse per document version, shared by validation,
// completion and hover; validation after each change). Lets the bench compare
// round trips through the same transport on both sides.
//
//   node bench/peer-server.mjs --stdio      (initializationOptions.debounceMs, default 0)

import { createRequire } from 'node:module';
import { buildSchema } from './schema.mjs';
import { loadCatalogue } from './generate.mjs';

const require = createRequire(import.meta.url);
const { createConnection, TextDocuments, TextDocumentSyncKind } = require('vscode-languageserver/node');
const { TextDocument } = require('vscode-languageserver-textdocument');
const { getLanguageService } = require('vscode-json-languageservice');

const connection = createConnection();
const documents = new TextDocuments(TextDocument);
const schema = buildSchema(loadCatalogue());
const ls = getLanguageService({});
ls.configure({ validate: true, allowComments: false, schemas: [{ uri: schema.$id, fileMatch: ['*.mwq.json'], schema }] });

const parsed = new Map();
const parse = (doc) => {
  const hit = parsed.get(doc.uri);
  if (hit && hit.version === doc.version) return hit.json;
  const json = ls.parseJSONDocument(doc);
  parsed.set(doc.uri, { version: doc.version, json });
  return json;
};

let debounceMs = 0;
const timers = new Map();
connection.onInitialize((params) => {
  const d = params.initializationOptions?.debounceMs;
  if (typeof d === 'number' && d >= 0) debounceMs = d;
  return {
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      completionProvider: { triggerCharacters: ['"', ':'] },
      hoverProvider: true,
    },
    serverInfo: { name: 'bench-json-peer' },
  };
});

function schedule(doc) {
  clearTimeout(timers.get(doc.uri));
  timers.set(
    doc.uri,
    setTimeout(async () => {
      timers.delete(doc.uri);
      const current = documents.get(doc.uri);
      if (!current || current.version !== doc.version) return;
      const diagnostics = await ls.doValidation(current, parse(current));
      if (documents.get(doc.uri)?.version !== doc.version) return;
      connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics });
    }, debounceMs),
  );
}

documents.onDidChangeContent((e) => schedule(e.document));
documents.onDidClose((e) => parsed.delete(e.document.uri));
connection.onCompletion(async (p) => {
  const doc = documents.get(p.textDocument.uri);
  return doc ? ls.doComplete(doc, p.position, parse(doc)) : null;
});
connection.onHover(async (p) => {
  const doc = documents.get(p.textDocument.uri);
  return doc ? ls.doHover(doc, p.position, parse(doc)) : null;
});
documents.listen(connection);
connection.listen();
