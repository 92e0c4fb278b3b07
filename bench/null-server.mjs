// The floor for the cold start: a language server that only answers
// `initialize` (Node + vscode-languageserver + TextDocuments, nothing of
// ours), bundled and minified like dist/server.js by bench/run.mjs. The
// difference between its cold start and ours is what our own code costs.
import { createConnection, ProposedFeatures, TextDocuments, TextDocumentSyncKind } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(TextDocument);
connection.onInitialize(() => ({ capabilities: { textDocumentSync: TextDocumentSyncKind.Incremental, hoverProvider: true } }));
documents.listen(connection);
connection.listen();
