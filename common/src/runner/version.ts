// The runner's identity in the User-Agent. Keep MWQUERY_VERSION in step with package.json.

export const MWQUERY_VERSION = '0.1.0';
/**
 * The contact part of the User-Agent when none is set: none. A placeholder
 * address would tell a wiki's operators nothing true; the editor asks for a
 * contact before the first request to a Wikimedia wiki (wikimediaHosts.ts).
 */
export const DEFAULT_CONTACT = '';
