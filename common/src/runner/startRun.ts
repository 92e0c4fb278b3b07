// Which session a run takes: many wikis (WikisSession), a chained query
// (ChainedSession) or a single one (QuerySession). Every surface starts its
// runs here, so the choice is made once.

import type { QueryNode } from '../syntaxTree';
import type { PreparedRequest } from './request';
import type { WikiTarget } from './manyWikis';
import type { RunSession } from './runSession';
import { QuerySession, type SessionOptions } from './continuation';
import { ChainedSession, isChained, type ChainContext } from './chainedSession';
import { WikisSession, type WikisSessionOptions } from './wikisSession';

/** What a run is started from: the query, its request, and where the chain and wikis come in. */
export interface RunPlan {
  query: QueryNode;
  request: PreparedRequest;
  /** For a chained query (`{{#Source.field}}`): the chain's context without its session options. */
  chain?: Omit<ChainContext, 'session'>;
  /** The wikis of a many-wiki run (`@endpoints`, `--endpoints`, `--wikis`). */
  wikis?: readonly WikiTarget[];
}

export interface StartOptions {
  /** Options of the session (for many wikis: of each wiki's, unless `sessionFor`). */
  session: SessionOptions;
  /** Many wikis: the session options of one wiki (its cookies, account, gated send). */
  sessionFor?: (target: WikiTarget) => SessionOptions;
  /** Many wikis: how the run goes (parallel, status, per-wiki ends). */
  wikis?: WikisSessionOptions;
}

/** The session for a plan: many wikis, a chain, or a single query. */
export function startRun(plan: RunPlan, options: StartOptions): RunSession {
  if (plan.wikis) return WikisSession.forRequest(plan.request, plan.wikis, options.sessionFor ?? (() => options.session), options.wikis);
  if (plan.chain && isChained(plan.query)) return new ChainedSession(plan.query, { ...plan.chain, session: options.session });
  return new QuerySession(plan.request, options.session);
}
