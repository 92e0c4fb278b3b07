// `mwq run --dry-run`: prints the first request (secrets masked) and what
// "All pages" will cost (runner/estimate.ts), and sends nothing but the
// estimate's one lookup request.

import { describeEstimate, estimateLookup, planEstimate, readEstimate } from '../../common/src/runner/estimate';
import { requestPairs, toUrl, toWire } from '../../common/src/runner/wire';
import { sendApiRequest, type HttpOptions } from '../../common/src/runner/http';
import { toRunnerError } from '../../common/src/runner/errors';
import type { PreparedRequest } from '../../common/src/runner/request';
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
}

export async function dryRun(request: PreparedRequest, options: DryRunOptions): Promise<number> {
  const defaults = options.all && options.maxlag !== null ? { maxlag: String(options.maxlag) } : undefined;
  const method = toWire(request.endpoint, requestPairs(request, { defaults, mask: false })).method;
  const lines = [`${method} ${toUrl(request, { defaults })}`];
  const plan = planEstimate(request);
  let code: number = EXIT.ok;
  if (plan.unknown) lines.push(describeEstimate({ module: plan.module, unknown: plan.unknown }));
  else {
    try {
      const answer = await sendApiRequest(request.endpoint, estimateLookup(plan), options.http);
      lines.push(
        describeEstimate(readEstimate(plan, answer.json)) +
          (options.user !== undefined ? ' (asked anonymously: the account may have higher limits)' : ''),
      );
    } catch (error) {
      lines.push(`All pages of ${plan.module}: unknown (the wiki could not be asked: ${toRunnerError(error).message})`);
      code = EXIT.failed;
    }
  }
  await writeOut(lines.map((l) => terminalSafeLine(options.redact(l))).join('\n') + '\n');
  return code;
}
