// The languages of the person reading the panel (the editor's, as the
// webview's browser reports them): cells keyed by language (Wikibase's labels
// and descriptions) show these first (results/cellSummary.ts). Read through
// globalThis: the table's modules also run in Node, in the unit tests.
import { languageCodes } from '../../../common/src/results/cellSummary';

const browser = (globalThis as { navigator?: { languages?: readonly string[]; language?: string } }).navigator;

export const PERSON_LANGUAGES: readonly string[] = languageCodes(
  browser?.languages?.length ? browser.languages : browser?.language ? [browser.language] : [],
);
