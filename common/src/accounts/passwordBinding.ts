// Where a bot password is kept: under the pair (endpoint, user) it was saved
// for, never under an environment's name alone. An environment's name is only
// a label that any workspace (a cloned repository's `.mwquery.json` or
// `.vscode/settings.json`) can reuse for another endpoint; the password must
// not follow the name there (docs/robustness.md, "Bot passwords").

/** The secret-storage key prefix of passwords saved before they were bound (never sent). */
export const LEGACY_PASSWORD_PREFIX = 'mwquery.botPassword.';
const BOUND_PASSWORD_PREFIX = 'mwquery.botPassword@';

/**
 * The endpoint as the binding compares it: scheme, host, port and path,
 * without query, fragment or credentials, so `HTTPS://Wiki/w/api.php` and
 * `https://wiki/w/api.php?` are one wiki and `http://` is another.
 */
export function bindingEndpoint(endpoint: string): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  return `${url.protocol}//${url.host}${url.pathname}`;
}

/** The secret-storage key of the password of `user` at `endpoint` (undefined for an endpoint that is not http(s)). */
export function boundPasswordKey(endpoint: string, user: string): string | undefined {
  const where = bindingEndpoint(endpoint);
  return where === undefined ? undefined : `${BOUND_PASSWORD_PREFIX}${JSON.stringify([where, user])}`;
}
