// Where the CLI's `{{$secret NAME}}` and `{{$env NAME}}` values come from, and
// where a secret may go: MWQ_SECRET_NAME holds the value, MWQ_SECRET_NAME_HOSTS
// the hosts it is bound to (common/src/accounts/secretBinding.ts); the host of
// the person's own --endpoint is bound too. A file that would send a secret
// anywhere else is refused before anything is sent.

import type { ExternalLookup } from '../../common/src/resolve';
import type { PreparedRequest } from '../../common/src/runner/request';
import { cliSecretHosts, cliSecretRefusal, secretHostsVariable, unboundSecrets } from '../../common/src/accounts/secretBinding';

/** The environment variable that holds `{{$secret NAME}}`. */
export function secretVariable(name: string): string {
  return `MWQ_SECRET_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

/** `$env` from the environment; `$secret NAME` from MWQ_SECRET_NAME. */
export const cliLookup: ExternalLookup = (use) => {
  if (use.kind === 'env') return process.env[use.name];
  if (use.kind === 'secret') return process.env[secretVariable(use.name)];
  return undefined;
};

/**
 * The refusal (a sentence naming the secret, the host and the way out) when
 * one of `requests` would send a secret to a host it is not bound to, sent
 * to its own endpoint or, when given, to each of `endpoints` (many wikis).
 */
export function secretHostRefusal(
  requests: readonly PreparedRequest[],
  personEndpoint: string | undefined,
  endpoints?: readonly string[],
): string | undefined {
  const boundHosts = (name: string) => cliSecretHosts(process.env[secretHostsVariable(secretVariable(name))], personEndpoint);
  for (const request of requests) {
    const unbound = unboundSecrets(request, boundHosts, endpoints ?? [request.endpoint])[0];
    if (unbound) return cliSecretRefusal(unbound, secretHostsVariable(secretVariable(unbound.name)));
  }
  return undefined;
}
