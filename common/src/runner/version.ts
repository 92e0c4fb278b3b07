// The runner's identity in the User-Agent. Keep MWQUERY_VERSION in step with package.json.

export const MWQUERY_VERSION = '0.1.0';
/** Shown when the user set no contact (`mwquery.contact`): the project's page. */
export const DEFAULT_CONTACT = 'https://example.invalid/mwquery';
