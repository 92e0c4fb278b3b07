// One request of the content lookups (fetchContent.ts, fetchLiveValues.ts):
// the answer format they read, the sender (tests pass their own to count
// requests), and a network failure said in the caller's words.

import type { ApiResponse, HttpOptions } from '../runner/http';
import { sendApiRequest } from '../runner/http';
import { RunnerError, toRunnerError } from '../runner/errors';
import type { ApiSender } from '../runner/login';
import type { ParamPairs } from '../runner/wire';
import { hostOf } from '../url';

export interface FetchContentOptions extends HttpOptions {
  /** Sends each request; `sendApiRequest` by default (tests count requests with it). */
  send?: ApiSender;
  /** Most values of each kind looked up (the rest stay absent: not looked up). Default 1,000. */
  maxValues?: number;
}

export const FORMAT: ParamPairs = [
  ['format', 'json'],
  ['formatversion', '2'],
  ['errorformat', 'plaintext'],
];

/** Sends `pairs` (with FORMAT); a failure to reach the wiki becomes "Could not ask HOST {purpose}: …". */
export async function askWiki(endpoint: string, pairs: ParamPairs, options: FetchContentOptions, purpose: string): Promise<ApiResponse> {
  const { send = sendApiRequest, maxValues: _max, ...http } = options;
  try {
    return await send(endpoint, [...pairs, ...FORMAT], http);
  } catch (error) {
    const e = toRunnerError(error);
    if (e.kind === 'cancelled') throw e;
    throw new RunnerError(e.kind, `Could not ask ${hostOf(endpoint)} ${purpose}: ${e.message}`, e.extra);
  }
}
