// The browser language server (dist/web/server.js, built in memory with the
// options of scripts/web-builds.mjs) on a MessagePort, as the web extension
// runs it: JSON-RPC messages posted as objects, no stdio, no Node IPC. For
// test/protocol/webServer.test.ts and the bench (bench/sections/web.mjs).

import * as esbuild from 'esbuild';
import * as path from 'node:path';
import {
  AbstractMessageReader,
  AbstractMessageWriter,
  createMessageConnection,
  type DataCallback,
  type Disposable,
  type Message,
  type MessageConnection,
} from 'vscode-languageserver-protocol/node';
// @ts-expect-error: a plain .mjs script without type declarations
import { webBuilds } from '../../scripts/web-builds.mjs';

const root = path.join(__dirname, '..', '..');

type Port = InstanceType<typeof MessageChannel>['port1'];

/** The code of dist/web/server.js, bundled now (minified when `production`). */
export async function webServerCode(production = false): Promise<string> {
  const options = (webBuilds({ production, version: '0.0.0-test' }) as esbuild.BuildOptions[]).find(
    (o) => o.outfile === 'dist/web/server.js',
  )!;
  const result = await esbuild.build({ ...options, absWorkingDir: root, write: false, sourcemap: false, logLevel: 'silent' });
  return result.outputFiles[0]!.text;
}

class PortReader extends AbstractMessageReader {
  constructor(private readonly port: Port) {
    super();
  }
  listen(callback: DataCallback): Disposable {
    // Node's own MessagePort API on this side; the server's side uses the browser's (onmessage).
    const listener = (data: unknown) => callback(data as Message);
    this.port.on('message', listener);
    return { dispose: () => this.port.off('message', listener) };
  }
}

class PortWriter extends AbstractMessageWriter {
  constructor(private readonly port: Port) {
    super();
  }
  async write(message: Message): Promise<void> {
    this.port.postMessage(message);
  }
  end(): void {
    this.port.close();
  }
}

/** A JSON-RPC connection over a MessagePort whose other end is the server's `self`. */
export function portConnection(port: Port): MessageConnection {
  return createMessageConnection(new PortReader(port), new PortWriter(port));
}
