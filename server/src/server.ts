// Entry point of `dist/server.js`: `node dist/server.js --stdio`, or the IPC
// transport when started by the VS Code client.

import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from './lspServer';
import { installTransport } from '../../common/src/runner/transport';
import { nodeTransport } from '../../common/src/runner/nodeTransport';

// Catalogue fetches and content checks go out on node:http.
installTransport(nodeTransport);

startServer(createConnection(ProposedFeatures.all), process.pid);
