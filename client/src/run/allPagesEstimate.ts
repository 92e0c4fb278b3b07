// What "All pages" of a query will cost, for its lens: asked of the wiki with
// the runner's estimate (common/src/runner/estimate.ts: one lookup request),
// lazily (only for lenses in view, after the text has stood still), cached per
// endpoint and lookup for a few minutes. Nobody asked for that lookup, so it
// goes through the gate (chosenHosts.ts, common/src/gate/unaskedGate.ts):
// only to a host the person chose, never with a `$secret` or `$env` value (the
// lens reads none: the request is built with stand-ins), only in a trusted
// workspace and with a contact where the wiki asks for one. Never asks the
// person anything: a lens that cannot ask says why in a word. Under
// `@endpoints` it asks each wiki of the list (URLs or a file of them; at most
// MAX_LENS_WIKIS, each through the same gate) and shows the sum.

import * as vscode from 'vscode';
import { parseDocument, queryAtLine } from '../../../common/src/parser';
import { VariableScope } from '../../../common/src/resolve';
import { buildRequest, redactorOf, withEndpoint, type PreparedRequest } from '../../../common/src/runner/request';
import {
  describeEstimate,
  estimateAcrossWikis,
  estimateLookup,
  estimateLabel,
  planEstimate,
  readEstimate,
  type Estimate,
  type EstimatePlan,
} from '../../../common/src/runner/estimate';
import type { ParamPairs } from '../../../common/src/runner/wire';
import type { QueryNode } from '../../../common/src/syntaxTree';
import { wikiTargetsOf } from './wikiTargets';
import { sendApiRequest, type HttpOptions } from '../../../common/src/runner/http';
import { isRunnerError, toRunnerError } from '../../../common/src/runner/errors';
import type { CookieJars } from '../../../common/src/runner/cookies';
import type { Accounts } from '../accounts';
import type { Environments } from '../environments';
import type { ChosenHosts } from '../chosenHosts';
import { StandIns } from '../../../common/src/gate/unaskedGate';
import { settleEndpoint } from '../../../common/src/runner/scriptPath';
import { readRunSettings } from './runSettings';

/** How long a wiki's answer about a query's size is reused. */
export const ESTIMATE_TTL_MS = 5 * 60 * 1000;
/** Answers kept (oldest dropped first). */
const MAX_CACHED = 200;
/** Most wikis of an `@endpoints` query the lens asks (one lookup a wiki). */
const MAX_LENS_WIKIS = 20;
/** Time-out of the lookup: a lens does not wait as long as a run. */
const LOOKUP_TIMEOUT_MS = 10_000;

/** What a lens shows: a short title and the whole sentence as its tooltip. */
export interface EstimateText {
  title: string;
  tooltip: string;
}

interface Cached {
  at: number;
  /** `asked`: false when the wiki could not be asked (not kept: the next look asks again). */
  answer: Promise<{ estimate: Estimate; asked: boolean }>;
}

export class AllPagesEstimates {
  private readonly cache = new Map<string, Cached>();

  constructor(
    private readonly chosen: ChosenHosts,
    private readonly environments: Environments,
    private readonly accounts: Accounts,
    private readonly cookies: CookieJars,
  ) {}

  /** The lens text for the query at `line` of `document`: under `@endpoints`, summed across its wikis. */
  async describe(document: vscode.TextDocument, line: number): Promise<EstimateText> {
    if (!vscode.workspace.isTrusted) return unknown('not asked in an untrusted workspace');
    const standIns = new StandIns();
    const doc = parseDocument(document.getText());
    const query = queryAtLine(doc, line);
    if (!query || query.params.length === 0) return unknown('no query here');
    const scope = new VariableScope(doc);
    // Under `@endpoints`: its wikis (URLs, a file of them; wikis by name need a run's sitematrix); the request is built for the first, as a run builds it.
    const wikis = await wikiTargetsOf(document.uri, query, scope, standIns.lookup);
    if (wikis && 'problem' in wikis) return unknown(wikis.problem.replace(/\.$/, ''));
    const request = this.quietRequest(query, scope, standIns, wikis ? wikis.targets[0]!.endpoint : this.environments.defaultEndpoint());
    if (typeof request === 'string') return unknown(request);
    const settings = readRunSettings(this.environments.defaultEndpoint());
    const plan = planEstimate(request);
    const redact = redactorOf(request);
    if (plan.unknown) return textOf(readEstimate(plan, undefined), redact, settings.maxPages);
    const lookup = estimateLookup(plan);
    if (wikis) {
      if (wikis.targets.length > MAX_LENS_WIKIS)
        return unknown(`one lookup a wiki: the lens asks at most ${MAX_LENS_WIKIS} wikis, this query names ${wikis.targets.length}`);
      const total = await estimateAcrossWikis(plan.module, wikis.targets, async (endpoint) => {
        const one = await this.askOne(withEndpoint(request, endpoint), plan, lookup, standIns, settings);
        return one.notAsked ? { module: plan.module, unknown: `not asked: ${one.notAsked}` } : one.estimate;
      });
      return textOf(total, redact, settings.maxPages);
    }
    const one = await this.askOne(request, plan, lookup, standIns, settings);
    if (one.notAsked) return unknown(`not asked: ${one.notAsked}`, one.notAsked);
    const text = textOf(one.estimate, redact, settings.maxPages);
    if (one.anonymousWithAccount && one.estimate.requests !== undefined)
      text.tooltip += ' Asked anonymously: the account may have higher limits once it is logged in (after its first run).';
    return text;
  }

  /** One wiki's estimate, through the gate (`notAsked`: its word why not) and the cache. */
  private async askOne(
    built: PreparedRequest,
    plan: EstimatePlan,
    lookup: ParamPairs,
    standIns: StandIns,
    settings: ReturnType<typeof readRunSettings>,
  ): Promise<{ estimate: Estimate; notAsked?: string; anonymousWithAccount?: boolean }> {
    const verdict = this.chosen.verdict(built.endpoint, {
      carries: standIns.carried(
        built.endpoint,
        lookup.map(([, v]) => v),
      ),
      contact: settings.contact,
    });
    if (!verdict.allowed) return { estimate: { module: plan.module }, notAsked: verdict.word };
    let request = built;
    try {
      // An ApiSandbox link naming no script path: its page names the api.php (same host, the gate's answer holds).
      request = await settleEndpoint(built, { contact: settings.contact, timeoutMs: LOOKUP_TIMEOUT_MS });
    } catch (error) {
      return { estimate: { module: plan.module, unknown: `the wiki could not be asked: ${toRunnerError(error).message}` } };
    }
    const environment = this.environments.current();
    const hasAccount = !!environment?.user && environment.endpoint === request.endpoint;
    // An account's own limits when a run has logged it in already; an estimate never logs in by itself.
    const account = this.accounts.loggedInSession(environment, request.endpoint);
    const key = JSON.stringify([request.endpoint, account ? account.user : '', lookup, plan.limit]);
    const now = Date.now();
    let cached = this.cache.get(key);
    if (!cached || now - cached.at > ESTIMATE_TTL_MS) {
      const http: HttpOptions = {
        contact: settings.contact,
        timeoutMs: Math.min(settings.timeoutMs, LOOKUP_TIMEOUT_MS),
        cookies: this.cookies.forEndpoint(request.endpoint),
        busyRetries: 1,
        networkRetries: 1,
        maxBytes: 1024 * 1024,
      };
      const send = account ? account.send : sendApiRequest;
      const entry: Cached = {
        at: now,
        answer: send(request.endpoint, lookup, http).then(
          (answer) => ({ estimate: readEstimate(plan, answer.json), asked: true }),
          (error: unknown) => ({
            estimate: { module: plan.module, unknown: `the wiki could not be asked: ${toRunnerError(error).message}` },
            asked: false,
          }),
        ),
      };
      cached = entry;
      this.cache.delete(key);
      this.cache.set(key, entry);
      while (this.cache.size > MAX_CACHED) this.cache.delete(this.cache.keys().next().value as string);
      void entry.answer.then(({ asked }) => {
        if (!asked && this.cache.get(key) === entry) this.cache.delete(key);
      });
    }
    const { estimate } = await cached.answer;
    return { estimate, anonymousWithAccount: hasAccount && !account };
  }

  /** The query's request, built without asking anything and with stand-ins for its `$secret`/`$env` values; else why not (a short phrase). */
  private quietRequest(
    query: QueryNode,
    scope: VariableScope,
    standIns: StandIns,
    defaultEndpoint: string | undefined,
  ): PreparedRequest | string {
    try {
      return buildRequest(query, scope, { external: standIns.lookup, defaultEndpoint });
    } catch (error) {
      return isRunnerError(error) ? error.message : 'the query cannot be run';
    }
  }
}

/** An estimate the lens cannot give; `word`, when given, is said in the title too ("All pages: not asked: it uses a secret"). */
function unknown(why: string, word?: string): EstimateText {
  return {
    title: word ? `All pages: not asked: ${word}` : 'All pages: unknown',
    tooltip: `How much "All pages" will take is unknown: ${why}.`,
  };
}

function textOf(estimate: Estimate, redact: (s: string) => string, maxPages: number): EstimateText {
  let tooltip = describeEstimate(estimate);
  if (estimate.requests !== undefined && estimate.requests > maxPages)
    tooltip += `. "All pages" stops after ${maxPages} requests (mwquery.maxPages) and goes on when asked again.`;
  return { title: redact(estimateLabel(estimate)), tooltip: redact(tooltip) };
}
