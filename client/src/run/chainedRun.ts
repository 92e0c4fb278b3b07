// "Run query" on a query with a `{{#Query.field}}` value: a ChainedSession
// (common/src/chain) in place of the QuerySession, with the secrets of every
// query of the file read first (the chain's sources need theirs too).

import type * as vscode from 'vscode';
import { ChainedSession, isChained } from '../../../common/src/runner/chainedSession';
import type { ParsedDocument, QueryNode } from '../../../common/src/syntaxTree';
import { VariableScope } from '../../../common/src/resolve';
import type { SessionOptions } from '../../../common/src/runner/continuation';
import { externalLookup, secretsUsedBy } from './secrets';

export async function chainedSessionFor(
  secrets: vscode.SecretStorage,
  prepared: { doc: ParsedDocument; query: QueryNode },
  defaultEndpoint: string | undefined,
  session: SessionOptions,
): Promise<ChainedSession | undefined> {
  if (!isChained(prepared.query)) return undefined;
  const scope = new VariableScope(prepared.doc);
  const names = new Set<string>();
  for (const q of prepared.doc.queries) for (const name of secretsUsedBy(q, scope)) names.add(name);
  // A secret that is not set makes its query fail with a message naming it.
  const { lookup } = await externalLookup(secrets, names);
  return new ChainedSession(prepared.query, { doc: prepared.doc, scope, build: { external: lookup, defaultEndpoint }, session });
}
