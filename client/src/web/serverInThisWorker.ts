// The language server in the extension's own worker, for a host that cannot
// create a worker for it: VS Code's web worker extension host refuses
// `new Worker()` for an extension served from a remote (a `vscode-remote:`
// URI: code-server, VS Code Server or Codespaces in a browser), and a browser
// without nested workers has none to give. The browser server bundle
// (dist/web/server.js, an IIFE that talks over `self`) is run here with a
// MessagePort as its `self`; the client talks over the other port.

/** Runs the browser server bundle's code in this worker; returns the port the client talks over. */
export function runServerInThisWorker(serverCode: string): InstanceType<typeof MessageChannel>['port1'] {
  const channel = new MessageChannel();
  // Not `importScripts` (the extension host blocks it) nor `import()` (the bundle is no module):
  // the bundle's text as a function whose parameter `self` hides the worker's own.
  new Function('self', serverCode)(channel.port2);
  return channel.port1;
}
