// The protocol's messages (common/src/protocol.ts) as the client's typed
// vscode-jsonrpc objects: parameters and results are checked at each call.

import { NotificationType, RequestType, RequestType0 } from 'vscode-languageclient';
import type { MessageSignature } from '../../common/src/protocol';

export function notificationType<P>(signature: MessageSignature<P>): NotificationType<P> {
  return new NotificationType<P>(signature.method);
}

export function requestType<P, R>(signature: MessageSignature<P, R>): RequestType<P, R, void> {
  return new RequestType<P, R, void>(signature.method);
}

export function requestType0<R>(signature: MessageSignature<void, R>): RequestType0<R, void> {
  return new RequestType0<R, void>(signature.method);
}
