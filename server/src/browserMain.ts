// Entry point of `dist/web/server.js`: the language server in a browser. It
// talks over `self`: the dedicated worker it runs in, or, where the host
// cannot create a worker, a MessagePort the extension passes as `self` when it
// runs this bundle in its own worker (client/src/web/serverInThisWorker.ts).
// No Node here: the bundled catalogue is inside the bundle (bundledCatalogue.ts),
// fetched catalogues come later from the extension (mwquery/catalogueSnapshot).

import { BrowserMessageReader, BrowserMessageWriter, createConnection, ProposedFeatures } from 'vscode-languageserver/browser';
import { startServer } from './lspServer';

declare const self: ConstructorParameters<typeof BrowserMessageReader>[0];

startServer(createConnection(ProposedFeatures.all, new BrowserMessageReader(self), new BrowserMessageWriter(self)));
