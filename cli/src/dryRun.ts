// `mwq run --dry-run`: prints the first request (secrets masked) and what
// "All pages" will cost (runner/estimate.ts). It is what a person runs to
// look at a file before trusting it, so it resolves no `{{$secret}}` and no
// `{{$env}}` value (unless --with-secrets): each is shown as written, with the
// host it would go to. Its one request, the estimate's lookup, is a request
// nobody asked for: it goes through the gate (common/src/gate/unaskedGate.ts),
// so only to the person's own --endpoint and never with a secret or env value.

import { describeEstimate, estimateLookup, planEstimate, readEstimate } from '../../common/src/runner/estimate';
import { requestPairs, toUrl, toWire } from '../../common/src/runner/wire';
import { sendApiRequest, type HttpOptions } from '../../common/src/runner/http';
import { toRunnerError } from '../../common/src/runner/errors';
import { hiddenValuesOf, secretsOf, type PreparedRequest } from '../../common/src/runner/request';
import { hostKey, unaskedGate, type Carried, type StandIns } from '../../common/src/gate/unaskedGate';
import type { Redactor } from '../../common/src/redact';
import { EXIT } from './exitCodes';
import { terminalSafeLine, writeOut } from './terminal';

export interface DryRunOptions {
  all: boolean;
  maxlag: number | null;
  http: HttpOptions;
  redact: Redactor;
  /** Logged in with --user: the estimate is still asked anonymously. */
  user?: string;
  /** The stand-ins the request was built with (no --with-secrets): nothing was resolved. */
  standIns?: StandIns;
  /** The person chose the host (--endpoint, --trust-file-endpoint). */
  hostChosen: boolean;
}

export async function dryRun(request: PreparedRequest, options: DryRunOptions): Promise<number> {
  const defaults = options.all && options.maxlag !== null ? { maxlag: String(options.maxlag) } : undefined;
  const method = toWire(request.endpoint, requestPairs(request, { defaults, mask: false })).method;
  // With stand-ins the endpoint holds no value: it is shown, each stand-in written back as `{{$env NAME}}`.
  const shown = options.standIns ? { ...request, endpointSensitive: false } : request;
  const lines = [`${method} ${toUrl(shown, { defaults })}`, ...whereValuesGo(request, options.standIns)];
  const plan = planEstimate(request);
  let code: number = EXIT.ok;
  if (plan.unknown) lines.push(describeEstimate({ module: plan.module, unknown: plan.unknown }));
  else {
    const lookup = estimateLookup(plan);
    const values = lookup.map(([, v]) => v);
    const verdict = unaskedGate({
      trusted: true,
      hostChosen: options.hostChosen,
      carries: options.standIns?.carried(request.endpoint, values) ?? carriedHidden(request, values),
    });
    if (!verdict.allowed)
      lines.push(
        `All pages of ${plan.module}: unknown (not asked: ${verdict.word}${verdict.refusal === 'not-chosen' ? ': give --endpoint URL' : ''})`,
      );
    else {
      try {
        const answer = await sendApiRequest(request.endpoint, lookup, options.http);
        lines.push(
          describeEstimate(readEstimate(plan, answer.json)) +
            (options.user !== undefined ? ' (asked anonymously: the account may have higher limits)' : ''),
        );
      } catch (error) {
        lines.push(`All pages of ${plan.module}: unknown (the wiki could not be asked: ${toRunnerError(error).message})`);
        code = EXIT.failed;
      }
    }
  }
  const written = options.standIns ? lines.map((l) => options.standIns!.writtenBack(l)) : lines;
  await writeOut(written.map((l) => terminalSafeLine(options.redact(l))).join('\n') + '\n');
  return code;
}

/** `{{$secret NAME}} → host` for each value the request would carry. */
function whereValuesGo(request: PreparedRequest, standIns: StandIns | undefined): string[] {
  const host = hostKey(request.endpoint) ?? '(not a URL)';
  if (!standIns)
    return secretsOf(request).map(
      (name) => `{{$secret ${name}}} → ${request.endpointSensitive ? 'the host its hidden endpoint names' : host}`,
    );
  const hostUnknown = standIns.texts().some((t) => host.includes(t));
  return standIns
    .used()
    .map(
      ({ kind, name }) =>
        `{{$${kind} ${name}}} → ${hostUnknown ? 'a host that depends on a secret or environment value' : host} (not resolved: --with-secrets resolves it)`,
    );
}

/** With --with-secrets: whether the lookup would carry one of the request's hidden values. */
function carriedHidden(request: PreparedRequest, values: readonly string[]): Carried {
  const hidden = hiddenValuesOf(request);
  const carries = hidden.some((h) => h !== '' && [request.endpoint, ...values].some((v) => v.includes(h)));
  return { secret: carries, env: false, hostUnknown: false };
}
