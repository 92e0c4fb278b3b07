// The check of what the results panel's page sends the extension
// (client/src/panelMessages.ts): the page runs next to wiki content, so every
// known message is taken in its shape and anything else is dropped.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isPanelToHost } from '../../client/src/panelMessages';
import { EXPORT_FORMATS } from '../../common/src/exportFormats';

const view = { flatten: [], filter: '', columns: ['title'] };

test('every message the page sends, in its shape, is taken', () => {
  const good: unknown[] = [
    { type: 'ready' },
    { type: 'next' },
    { type: 'all' },
    { type: 'cancel' },
    { type: 'history' },
    { type: 'pin' },
    { type: 'openRun', id: 'a1-B2' },
    { type: 'compareRun', id: '2026-11-27T05-20-00-abc' },
    { type: 'openInEditor', format: 'csv', expand: 'categories', part: 'pages' },
    ...EXPORT_FORMATS.map((format) => ({ type: 'export', format, view })),
    { type: 'copy', what: 'curl' },
    { type: 'openText', title: 'Revision', text: 'x', language: 'json' },
    { type: 'copyText', text: 'x', what: 'the cell' },
    { type: 'saveChart', format: 'png', data: 'iVBOR', name: 'chart' },
    { type: 'viewChanged', view },
    { type: 'thumbnails', ask: true },
    { type: 'thumbnails', ask: false },
    { type: 'expandCategory', category: 'Category:Tree B' },
  ];
  for (const message of good) assert.ok(isPanelToHost(message), JSON.stringify(message));
});

test('anything else is dropped: unknown types, wrong shapes, oversized or path-like values', () => {
  const bad: unknown[] = [
    null,
    'next',
    42,
    {},
    { type: 'run' },
    { type: '__proto__' },
    { type: 'openRun' },
    { type: 'openRun', id: '../../etc/passwd' },
    { type: 'openRun', id: 'x'.repeat(65) },
    { type: 'compareRun', id: 7 },
    { type: 'openInEditor', format: 'xlsx' },
    { type: 'openInEditor', format: 'json', part: '' },
    { type: 'openInEditor', format: 'json', expand: 'x'.repeat(201) },
    { type: 'export', format: 'exe' },
    { type: 'export', format: 'csv', view: { filter: 1 } },
    { type: 'copy', what: 'sandbox' },
    { type: 'copy', what: 'file' },
    { type: 'openText', title: 't', text: 'x', language: 'html' },
    { type: 'openText', title: 't', text: 'x'.repeat(50_000_001), language: 'json' },
    { type: 'copyText', text: 5, what: 'x' },
    { type: 'saveChart', format: 'pdf', data: '', name: 'c' },
    { type: 'saveChart', format: 'svg', data: '<svg/>', name: 'n'.repeat(201) },
    { type: 'viewChanged' },
    { type: 'thumbnails' },
    { type: 'thumbnails', ask: 'yes' },
    { type: 'expandCategory' },
    { type: 'expandCategory', category: '' },
    { type: 'expandCategory', category: 'x'.repeat(256) },
  ];
  for (const message of bad) assert.equal(isPanelToHost(message), false, JSON.stringify(message).slice(0, 120));
});
