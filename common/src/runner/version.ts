// The product's version, from package.json, and the User-Agent's default contact.
// esbuild writes the version in at build time (`define` in esbuild.mjs); code
// run from source (the tests, through tsx) takes it from package.json, imported
// (not read from disk: a browser build has no disk, and esbuild keeps only the
// one field of the file).

import { version as packageVersion } from '../../../package.json';

declare const MWQUERY_BUILD_VERSION: string | undefined;

export const MWQUERY_VERSION: string = typeof MWQUERY_BUILD_VERSION === 'string' ? MWQUERY_BUILD_VERSION : packageVersion;
/**
 * The contact part of the User-Agent when none is set: none. A placeholder
 * address would tell a wiki's operators nothing true; the editor asks for a
 * contact before the first request to a Wikimedia wiki (wikimediaHosts.ts).
 */
export const DEFAULT_CONTACT = '';
