// "Run query" on a query with a `{{#Query.field}}` value: the chain's context
// (startRun then makes a ChainedSession in place of the QuerySession), with
// the secrets of every query of the file read first (the chain's sources need
// theirs too).

import type * as vscode from 'vscode';
import { chainRequests, isChained, type ChainContext } from '../../../common/src/runner/chainedSession';
import type { PreparedRequest } from '../../../common/src/runner/request';
import type { ParsedDocument, QueryNode } from '../../../common/src/syntaxTree';
import { VariableScope } from '../../../common/src/resolve';
import type { SessionOptions } from '../../../common/src/runner/continuation';
import { admitSecrets, externalLookup, secretsUsedBy } from './secrets';

/** The chain of a chained query (undefined for any other), or why it may not run. */
export async function chainContextFor(
  secrets: vscode.SecretStorage,
  prepared: { doc: ParsedDocument; query: QueryNode },
  defaultEndpoint: string | undefined,
  session: SessionOptions,
): Promise<Omit<ChainContext, 'session'> | { refused: string } | undefined> {
  if (!isChained(prepared.query)) return undefined;
  const scope = new VariableScope(prepared.doc);
  const names = new Set<string>();
  for (const q of prepared.doc.queries) for (const name of secretsUsedBy(q, scope)) names.add(name);
  // A secret that is not set makes its query fail with a message naming it.
  const { lookup } = await externalLookup(secrets, names);
  const chain = { doc: prepared.doc, scope, build: { external: lookup, defaultEndpoint } };
  // Each query of the chain sends its secrets only to hosts they are bound to (asked first): else nothing runs.
  let requests: PreparedRequest[] = [];
  try {
    requests = chainRequests(prepared.query, { ...chain, session });
  } catch {
    // A query of the chain that cannot be built: the session says why when it runs, before it sends anything.
  }
  const admitted = await admitSecrets(secrets, requests);
  if (!admitted.admitted) return { refused: admitted.message };
  return chain;
}
