// Entry point of `dist/server.js`: `node dist/server.js --stdio`, or the IPC
// transport when started by the VS Code client.

import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from './lspServer';

startServer(createConnection(ProposedFeatures.all), process.pid);
