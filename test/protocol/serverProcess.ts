// The built server (`node dist/server.js --stdio`) as an editor starts and
// stops it, for the protocol tests.

import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import * as path from 'node:path';
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from 'vscode-languageserver-protocol/node';

const root = path.join(__dirname, '..', '..');

export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  connection: MessageConnection;
}

/** Spawns the server; the caller registers its handlers, then calls `connection.listen()`. */
export function spawnServer(): ServerProcess {
  const child = spawn(process.execPath, [path.join(root, 'dist', 'server.js'), '--stdio'], { cwd: root });
  return { child, connection: createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin)) };
}

/** shutdown + exit, as an editor does, then makes sure the process is gone. */
export async function stopServer({ child, connection }: ServerProcess): Promise<void> {
  try {
    await connection.sendRequest('shutdown');
    await connection.sendNotification('exit');
  } finally {
    connection.dispose();
    child.kill();
  }
}
