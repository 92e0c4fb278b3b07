// `mwq chart --kind graph|tree` against the REAL test wiki: the tree of
// Category:Tree A, its subcategories expanded by the next queries (--depth),
// has the wiki's category hierarchy as its lines; the graph of the tree
// pages' links has the rows' links as its edges; the requests sent are the
// ones the expansion needs, one at a time.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';
import { drawChart, unescapeXml } from './chartHelpers';

let wiki: TestWiki;
let dir: string;
let file: string;

const FILE = `### Tree
list=categorymembers
cmtitle=Category:Tree A
cmprop=ids|title|type
cmlimit=500

### Links
generator=allpages
gapprefix=Tree page
prop=links
pllimit=max
`;

before(async () => {
  wiki = await startTestWiki();
  dir = await mkdtemp(path.join(tmpdir(), 'mwq-chart-graph-'));
  file = path.join(dir, 'q.mwq');
  await writeFile(file, FILE);
});
after(async () => {
  await wiki?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The parent–child lines (tree) or edges (graph) drawn, as "from > to". */
function drawnPairs(svg: string): string[] {
  return [...svg.matchAll(/ data-from="([^"]*)" data-to="([^"]*)"/g)].map((m) => `${unescapeXml(m[1]!)} > ${unescapeXml(m[2]!)}`).sort();
}

async function chart(query: string, ...args: string[]): Promise<{ svg: string; stderr: string }> {
  const out = path.join(dir, `${query}${args.join('_').replace(/[^A-Za-z0-9]+/g, '-')}.svg`);
  return drawChart(file, out, '--query', query, '--endpoint', wiki.endpoint, ...args);
}

describe('mwq chart --kind tree / graph on the real wiki', () => {
  it("the tree's lines are the wiki's category hierarchy (subcategories expanded by the next queries)", async () => {
    const facts = wiki.facts.categoryTree;
    const expected: string[] = [];
    for (const [category, subs] of Object.entries(facts.subcategories))
      for (const member of [...subs, ...facts.pages[category]!, ...facts.files[category]!]) expected.push(`${category} > ${member}`);
    const { svg, stderr } = await chart('Tree', '--kind', 'tree', '--depth', '3');
    assert.deepEqual(drawnPairs(svg), expected.sort());
    // Tree A, then Tree B and Tree C expanded: two more requests; Tree C has no subcategory.
    assert.match(stderr, /2 subcategories expanded/);
    const pages = new Set(expected.flatMap((p) => p.split(' > ')));
    assert.match(svg, new RegExp(`aria-label="Category tree: ${pages.size} pages"`));

    // Without --depth: one level, its subcategory marked as not expanded.
    const one = await chart('Tree', '--kind', 'tree');
    assert.deepEqual(
      drawnPairs(one.svg),
      [...facts.subcategories[facts.root]!, ...facts.pages[facts.root]!].map((m) => `${facts.root} > ${m}`).sort(),
    );
    assert.match(one.svg, /class="chart-mark tree-node tree-unexpanded"><title>Category:Tree B: members not in the rows<\/title>/);
  });

  it("the graph's edges are the rows' links", async () => {
    const expected = Object.entries(wiki.facts.pageLinks).flatMap(([from, tos]) => tos.map((to) => `${from} > ${to}`));
    const { svg, stderr } = await chart('Links', '--kind', 'graph');
    assert.deepEqual(drawnPairs(svg), expected.sort());
    assert.match(stderr, new RegExp(`6 pages, ${expected.length} pairs: links: 6 pages from 6 rows written to`));
    // Each edge ends in the arrowhead of links (the direction drawn, not only in its title).
    const lines = svg.match(/<line [^>]*class="graph-edge link"/g) ?? [];
    assert.equal(lines.length, expected.length);
    for (const line of lines) assert.match(line, /marker-end="url\(#graph-arrow-link\)"/);
    assert.match(svg, /<marker id="graph-arrow-link" [^>]*orient="auto"/);
    // Every page is a node, also C2 that links nowhere.
    for (const page of Object.keys(wiki.facts.pageLinks)) assert.match(svg, new RegExp(`<title>${page}: `));
  });
});
