// `mwq chart --kind timeline|treemap` against the REAL test wiki: the
// timeline's marks, counted, are the wiki's recent changes (per lane, per
// namespace, as the wiki counts them when asked directly); the tree map's
// tiles are the wiki's categories with their sizes (acprop=size).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';
import { drawChart, unescapeXml } from './chartHelpers';
import { askWikiList } from '../wiki/askWiki';
import { CANONICAL_NAMESPACES } from '../../common/src/chart/fields';

let wiki: TestWiki;
let dir: string;
let file: string;

const FILE = `### Changes
list=recentchanges
rcprop=title|timestamp|user|ids
rclimit=500

### Categories
list=allcategories
acprop=size
aclimit=500
`;

before(async () => {
  wiki = await startTestWiki();
  dir = await mkdtemp(path.join(tmpdir(), 'mwq-chart-views-'));
  file = path.join(dir, 'q.mwq');
  await writeFile(file, FILE);
});
after(async () => {
  await wiki?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

function chart(name: string, ...args: string[]): Promise<{ svg: string; stderr: string }> {
  return drawChart(file, path.join(dir, `${name}.svg`), '--endpoint', wiki.endpoint, ...args);
}

describe('mwq chart timeline and tree map on the test wiki', () => {
  it("timeline: the marks, counted, are the wiki's changes; per lane those of that namespace", async () => {
    const changes = await askWikiList<{ ns: number; title: string }>(wiki.endpoint, 'recentchanges', {
      rcprop: 'title|timestamp|user|ids',
      rclimit: '500',
    });
    assert.ok(changes.length >= 100, `the test wiki has changes (${changes.length})`);
    const { svg, stderr } = await chart('timeline', '--query', 'Changes', '--kind', 'timeline', '--x', 'timestamp', '--split', 'ns');
    assert.match(stderr, new RegExp(`${changes.length} changes over time by namespace: \\d+ marks from ${changes.length} rows written to`));
    const lanes = [...svg.matchAll(/class="chart-lane">([^<]*)<\/text>/g)].map((m) => unescapeXml(m[1]!));
    const marks = [...svg.matchAll(/<title>([^<]*)<\/title><rect [^>]*data-count="(\d+)" data-lane="(\d+)"/g)].map((m) => ({
      title: unescapeXml(m[1]!),
      count: Number(m[2]),
      lane: lanes[Number(m[3])]!,
    }));
    assert.equal(
      marks.reduce((s, m) => s + m.count, 0),
      changes.length,
    );
    // Lanes are named as the namespaces are: (Main), Category, ...
    const named = (ns: number) => CANONICAL_NAMESPACES[String(ns)] ?? String(ns);
    assert.deepEqual([...lanes].sort(), [...new Set(changes.map((c) => named(c.ns)))].sort());
    for (const lane of lanes)
      assert.equal(
        marks.filter((m) => m.lane === lane).reduce((s, m) => s + m.count, 0),
        changes.filter((c) => named(c.ns) === lane).length,
        lane,
      );
    // A change alone in its time column is its own mark, titled with its page.
    const titles = new Set(changes.map((c) => c.title));
    const single = marks.filter((m) => m.count === 1);
    for (const m of single) assert.ok(titles.has(m.title.slice(0, m.title.lastIndexOf(': '))), m.title);
  });

  it("tree map: a tile per category, its size the wiki's (acprop=size)", async () => {
    const categories = await askWikiList<{ category: string; size: number }>(wiki.endpoint, 'allcategories', {
      acprop: 'size',
      aclimit: '500',
    });
    const { svg, stderr } = await chart('treemap', '--query', 'Categories', '--kind', 'treemap');
    assert.match(stderr, /sum of size by category: \d+ tiles from \d+ rows written to/);
    const tiles = [...svg.matchAll(/<title>([^<]*): ([\d,.]+) sum of size<\/title><rect [^>]*data-value="([\d.]+)"/g)].map((m) => ({
      name: unescapeXml(m[1]!),
      shown: Number(m[2]!.replace(/,/g, '')),
      value: Number(m[3]),
    }));
    const sized = categories.filter((c) => c.size > 0);
    assert.ok(sized.length >= 3, `the test wiki has categories with members (${sized.length})`);
    assert.deepEqual(tiles.map((t) => t.name).sort(), sized.map((c) => c.category).sort());
    for (const t of tiles) {
      assert.equal(t.shown, t.value);
      assert.equal(t.value, sized.find((c) => c.category === t.name)?.size, t.name);
    }
    // The tiles' areas are the sizes' shares.
    const areas = [...svg.matchAll(/width="([\d.]+)" height="([\d.]+)"[^>]*data-value="([\d.]+)"/g)].map((m) => [
      Number(m[1]) * Number(m[2]),
      Number(m[3]),
    ]);
    const totalArea = areas.reduce((s, [a]) => s + a!, 0);
    const totalSize = sized.reduce((s, c) => s + c.size, 0);
    for (const [a, v] of areas) assert.ok(Math.abs(a! / totalArea - v! / totalSize) < 0.01, `${a} for ${v}`);
  });
});
