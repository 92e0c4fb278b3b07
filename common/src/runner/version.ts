// The product's version, from package.json, and the User-Agent's default contact.
// esbuild writes the version in at build time (`define` in esbuild.mjs); code
// run from source (the tests, through tsx) reads package.json instead.

import { readFileSync } from 'node:fs';
import * as path from 'node:path';

declare const MWQUERY_BUILD_VERSION: string | undefined;

function versionFromPackageJson(): string {
  try {
    const json = JSON.parse(readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as { version?: unknown };
    return typeof json.version === 'string' ? json.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export const MWQUERY_VERSION: string = typeof MWQUERY_BUILD_VERSION === 'string' ? MWQUERY_BUILD_VERSION : versionFromPackageJson();
/**
 * The contact part of the User-Agent when none is set: none. A placeholder
 * address would tell a wiki's operators nothing true; the editor asks for a
 * contact before the first request to a Wikimedia wiki (wikimediaHosts.ts).
 */
export const DEFAULT_CONTACT = '';
