// Which hosts a `{{$secret NAME}}` value may be sent to. As a bot password is
// bound to the endpoint it was saved for (passwordBinding.ts), a stored secret
// is bound to the hosts it was set for: a file that names another host gets a
// question naming that host (the editor) or a refusal (the CLI), never the
// value. The editor keeps the hosts beside the secret (client/src/run/secrets.ts);
// the CLI reads them from MWQ_SECRET_NAME_HOSTS, or takes the host of the
// person's own --endpoint.

import { hostKey, hostSet } from '../gate/unaskedGate';
import { hiddenValuesOf, secretsOf, type PreparedRequest } from '../runner/request';

/** A secret and a host it is not bound to. */
export interface UnboundSecret {
  name: string;
  /** The host key (as bound). */
  host: string;
  /** The host as a person may read it: masked when the endpoint itself came from a `$secret`/`$env` value. */
  shown: string;
}

/**
 * The secrets `request` uses that are not bound to the host of each of
 * `endpoints` (the request's own endpoint when none are given: the wikis of
 * an `@endpoints` run otherwise). `boundHosts(name)` gives the hosts a secret
 * was set for (host keys, see hostKey).
 */
export function unboundSecrets(
  request: PreparedRequest,
  boundHosts: (name: string) => ReadonlySet<string>,
  endpoints: readonly string[] = [request.endpoint],
): UnboundSecret[] {
  const out: UnboundSecret[] = [];
  for (const name of secretsOf(request)) {
    const bound = boundHosts(name);
    for (const endpoint of endpoints) {
      const host = hostKey(endpoint) ?? endpoint;
      const shown = hostIsHidden(request, endpoint, host) ? HIDDEN_HOST : host;
      if (!bound.has(host) && !out.some((u) => u.name === name && u.host === host)) out.push({ name, host, shown });
    }
  }
  return out;
}

const HIDDEN_HOST = 'the host its hidden endpoint names';

/** Whether the host of the request's endpoint came from a `$secret`/`$env` value (then it is not shown). */
function hostIsHidden(request: PreparedRequest, endpoint: string, host: string): boolean {
  if (!request.endpointSensitive || endpoint !== request.endpoint) return false;
  const lower = host.toLowerCase();
  return hiddenValuesOf(request).some((h) => h !== '' && (h.toLowerCase().includes(lower) || lower.includes(h.toLowerCase())));
}

/** The environment variable of the hosts a CLI secret is bound to: `MWQ_SECRET_NAME_HOSTS`. */
export function secretHostsVariable(secretVariable: string): string {
  return `${secretVariable}_HOSTS`;
}

/** The hosts a CLI secret may go to: its `_HOSTS` variable (hosts or URLs, commas or blanks between) and the person's --endpoint. */
export function cliSecretHosts(hostsText: string | undefined, personEndpoint: string | undefined): Set<string> {
  return hostSet([...(hostsText ?? '').split(/[\s,]+/), personEndpoint]);
}

/** The CLI's refusal: names the secret, the host and the way out. */
export function cliSecretRefusal(unbound: UnboundSecret, hostsVariable: string): string {
  return (
    `refused: the file sends secret "${unbound.name}" to ${unbound.shown}, a host it is not bound to; nothing was sent. ` +
    `If that wiki should have it, set ${hostsVariable}=${unbound.shown === unbound.host ? unbound.host : 'HOST'} (hosts, commas between), or give --endpoint with that wiki`
  );
}
