// The protocol's messages (common/src/protocol.ts) as typed vscode-jsonrpc
// objects, declared once and imported by both the client and the server:
// parameters and results are checked at each call on either side. Both
// vscode-languageclient and vscode-languageserver use this one
// vscode-languageserver-protocol, so the classes are the same on both sides.

import { NotificationType, RequestType, RequestType0 } from 'vscode-languageserver-protocol';
import type { MessageSignature } from './protocol';

export function notificationType<P>(signature: MessageSignature<P>): NotificationType<P> {
  return new NotificationType<P>(signature.method);
}

export function requestType<P, R>(signature: MessageSignature<P, R>): RequestType<P, R, void> {
  return new RequestType<P, R, void>(signature.method);
}

export function requestType0<R>(signature: MessageSignature<void, R>): RequestType0<R, void> {
  return new RequestType0<R, void>(signature.method);
}
