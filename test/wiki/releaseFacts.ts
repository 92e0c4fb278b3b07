/**
 * What differs between the MediaWiki releases the test wiki runs (Debian's
 * 1.39 and 1.43, each with the extensions its package ships), as the
 * real-wiki tests rely on it. A test that meets a difference reads it here, so
 * the test says which release does what; the product handles both.
 */
import type { MediaWikiRelease } from './testWiki';

export interface ReleaseFacts {
  /** Echo ships with the release (1.43): `meta=notifications` exists, and answers anonymous readers `login-required`. */
  echo: boolean;
  /**
   * Gadgets' namespaces 2300-2303 (Gadget, Gadget talk, Gadget definition…):
   * 1.39 has them; the 1.43 Gadgets keeps its definitions in the MediaWiki
   * namespace and has no namespace of its own.
   */
  gadgetNamespaces: boolean;
  /** Namespaces the wiki reports (siteinfo), Special and Media included. */
  namespaceCount: number;
  /** The wiki's text of `permissiondenied` for `list=deletedrevs` asked anonymously. */
  deletedHistoryDenied: string;
  /** Extensions the release ships that the other does not (Special:Version names). */
  ownExtensions: readonly string[];
}

export const RELEASE_FACTS: Readonly<Record<MediaWikiRelease, ReleaseFacts>> = {
  '1.39': {
    echo: false,
    gadgetNamespaces: true,
    namespaceCount: 24,
    deletedHistoryDenied: "You don't have permission to view a page's deleted history.",
    ownExtensions: ['Renameuser'],
  },
  '1.43': {
    echo: true,
    gadgetNamespaces: false,
    namespaceCount: 20,
    deletedHistoryDenied: "You don't have permission to view metadata of deleted history entries.",
    ownExtensions: ['DiscussionTools', 'Echo', 'Linter', 'LoginNotify', 'Thanks'],
  },
};

/** A module of the bundled catalogue that neither test wiki has (MassMessage's), for "not on this wiki" checks. */
export const BUNDLED_ONLY_MODULE = { group: 'prop', name: 'mmcontent' } as const;
