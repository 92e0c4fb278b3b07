// `mwq chart` against the REAL test wiki: an SVG for each --kind with the
// labels as text, the numbers drawn equal to counts asked of the wiki
// directly, a PNG; the map from prop=coordinates answers added by a proxy in
// front of the wiki (Debian's MediaWiki has no GeoData).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';
import { placeOf, startCoordinatesProxy, type CoordinatesProxy } from '../wiki/coordinatesProxy';
import { runCli } from './cliHelpers';
import { drawChart, unescapeXml } from './chartHelpers';
import { askWikiList, wikiThumbnailPages } from '../wiki/askWiki';
import { CHART_KINDS } from '../../common/src/chart/registry';

let wiki: TestWiki;
let proxy: CoordinatesProxy;
let dir: string;
let file: string;

const FILE = `### Changes
list=recentchanges
rcprop=title|timestamp|user|ids|sizes
rctype=edit|new
rclimit=500

### Places
generator=allpages
gapprefix=Page 00
gaplimit=40
prop=coordinates

### Files
generator=allimages
gailimit=50
prop=imageinfo
iiprop=size
`;

before(async () => {
  wiki = await startTestWiki();
  proxy = await startCoordinatesProxy(wiki.endpoint);
  dir = await mkdtemp(path.join(tmpdir(), 'mwq-chart-cli-'));
  file = path.join(dir, 'q.mwq');
  await writeFile(file, FILE);
});
after(async () => {
  await proxy?.stop();
  await wiki?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

interface Change {
  user: string;
  timestamp: string;
  newlen: number;
}

function changes(): Promise<Change[]> {
  return askWikiList<Change>(wiki.endpoint, 'recentchanges', {
    rcprop: 'title|timestamp|user|ids|sizes',
    rctype: 'edit|new',
    rclimit: '500',
  });
}

/** `mwq chart` of this file against the wiki, drawn to NAME.svg. */
function drawn(name: string, ...args: string[]): Promise<{ svg: string; stderr: string }> {
  return drawChart(file, path.join(dir, `${name}.svg`), '--endpoint', wiki.endpoint, ...args);
}

async function chart(...args: string[]): Promise<string> {
  const { svg, stderr } = await drawn(args.join('_').replace(/[^A-Za-z0-9]+/g, '-'), ...args);
  assert.match(stderr, /written to/);
  return svg;
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
describe('mwq chart on the test wiki', () => {
  it("bar: one bar per user, labelled with the name, its count the wiki's count of that user's changes", async () => {
    const rows = await changes();
    const svg = await chart('--query', 'Changes', '--x', 'user');
    assert.match(svg, /<title>changes per user<\/title>|aria-label="changes per user"/);
    const bars = [...svg.matchAll(/<title>([^<]+): (\d+) changes<\/title>/g)].map((m) => [unescapeXml(m[1]!), Number(m[2])] as const);
    assert.ok(bars.length >= 2, svg.slice(0, 300));
    const named = new Set(bars.map(([user]) => user));
    for (const [user, n] of bars) {
      // The 20 busiest users have bars of their own, the rest add up to "other (N values)".
      if (/^other \(\d+ values\)$/.test(user)) {
        assert.equal(n, rows.filter((r) => !named.has(r.user)).length, user);
        continue;
      }
      assert.equal(n, rows.filter((r) => r.user === user).length, user);
      assert.ok(svg.includes(`class="chart-category">${xml(user)}</text>`), `label ${user}`);
    }
    assert.equal(
      bars.reduce((s, [, n]) => s + n, 0),
      rows.length,
    );
  });

  it('line: changes per day, each day labelled and counted as the wiki says', async () => {
    const rows = await changes();
    const svg = await chart('--query', 'Changes', '--x', 'timestamp', '--by', 'day', '--kind', 'line');
    assert.match(svg, /aria-label="changes per day"/);
    const days = [...svg.matchAll(/<title>(\d{4}-\d{2}-\d{2}): (\d+) changes<\/title>/g)];
    assert.ok(days.length >= 1);
    for (const [, day, n] of days) assert.equal(Number(n), rows.filter((r) => r.timestamp.startsWith(day!)).length, day);
    assert.match(svg, new RegExp(`class="chart-category">${days[0]![1]}</text>`));
  });

  it('area: changes per day stacked by user, each day and each part as the wiki counts them', async () => {
    const rows = await changes();
    const args = ['--kind', 'area', '--x', 'timestamp', '--by', 'day', '--split', 'user'];
    const { svg, stderr } = await drawn('area', '--query', 'Changes', ...args);
    assert.match(stderr, /changes per day: \d+ time buckets? from \d+ rows written to/);
    assert.ok([...svg.matchAll(/class="chart-area"/g)].length >= 1);
    const days = [...svg.matchAll(/<title>(\d{4}-\d{2}-\d{2}): (\d+) changes(?: \(([^<]*)\))?<\/title>/g)];
    assert.ok(days.length >= 1, svg.slice(0, 300));
    let total = 0;
    for (const [, day, n, parts] of days) {
      const ofDay = rows.filter((c) => c.timestamp.startsWith(day!));
      assert.equal(Number(n), ofDay.length, day);
      total += Number(n);
      for (const part of parts ? parts.split(', ') : []) {
        const [, user, count] = /^(.*) (\d+)$/.exec(unescapeXml(part))!;
        if (!user!.startsWith('other (')) assert.equal(Number(count), ofDay.filter((c) => c.user === user).length, `${day} ${user}`);
      }
    }
    assert.equal(total, rows.length);
  });

  it('histogram: bins of newlen that hold every change once', async () => {
    const rows = await changes();
    const svg = await chart('--query', 'Changes', '--x', 'newlen', '--kind', 'histogram');
    const bins = [...svg.matchAll(/<title>[^<]* to under [^<]*: ([\d,]+) changes<\/title>/g)].map((m) => Number(m[1]!.replace(/,/g, '')));
    assert.ok(bins.length >= 2);
    assert.equal(
      bins.reduce((a, b) => a + b, 0),
      rows.length,
    );
    assert.match(svg, /class="chart-axis-label">newlen<\/text>/);
  });

  it('scatter: one point per change (oldlen against newlen)', async () => {
    const rows = await changes();
    const svg = await chart('--query', 'Changes', '--x', 'oldlen', '--y', 'newlen', '--kind', 'scatter');
    assert.equal([...svg.matchAll(/<circle /g)].length, rows.length);
    assert.match(svg, /aria-label="newlen against oldlen"/);
  });

  it("the kind's own columns without --x/--y (a histogram of a size, never an id); a line's message counts points, its last label inside the drawing", async () => {
    const run = async (name: string, ...args: string[]) => {
      const { svg, stderr } = await drawn(name, '--query', 'Changes', ...args);
      return { svg, said: stderr };
    };
    const histogram = await run('default-histogram', '--kind', 'histogram');
    assert.match(histogram.svg, /aria-label="changes by newlen"/);
    const scatter = await run('default-scatter', '--kind', 'scatter');
    assert.match(scatter.svg, /aria-label="newlen against oldlen"/);
    const line = await run('hourly-line', '--kind', 'line', '--x', 'timestamp', '--by', 'hour');
    assert.match(line.said, /changes per hour: \d+ points from \d+ rows written to/);
    assert.doesNotMatch(line.said, /bars/);
    // Labels are centred under their bucket: the last one's right half must fit in the drawing's width.
    const width = Number(/<svg[^>]* width="([\d.]+)"/.exec(line.svg)![1]);
    const labels = [...line.svg.matchAll(/<text x="([\d.]+)"[^>]*class="chart-category">([^<]*)<\/text>/g)];
    const [, x, text] = labels[labels.length - 1]!;
    assert.ok(Number(x) + (text!.length * 6.6) / 2 <= width, `the last label "${text}" at ${x} ends inside ${width}`);
  });

  it('map: a point per page with coordinates, where the proxy put it', async () => {
    const before = proxy.coordinateRequests;
    const { svg } = await drawChart(file, path.join(dir, 'map.svg'), '--query', 'Places', '--endpoint', proxy.endpoint, '--kind', 'map');
    assert.ok(proxy.coordinateRequests > before);
    const pages = await askWikiList<{ pageid: number; title: string }>(wiki.endpoint, 'allpages', { apprefix: 'Page 00', aplimit: '40' });
    const points = [...svg.matchAll(/<circle cx="([\d.-]+)" cy="([\d.-]+)"[^>]*><title>([^:<]+):/g)];
    assert.equal(points.length, pages.length);
    for (const [, cx, cy, title] of points) {
      const page = pages.find((p) => p.title === title)!;
      const { lat, lon } = placeOf(page.pageid);
      assert.ok(Math.abs(Number(cx) - (lon + 180)) < 0.01 && Math.abs(Number(cy) - (90 - lat)) < 0.01, `${title} at ${cx},${cy}`);
    }
    assert.match(svg, /class="map-land"/);
  });

  it("grid: a cell per file of the wiki, its picture the wiki's own thumbnail (asked for, and said so); --no-thumbnails sends the query as written", async () => {
    const { svg, stderr } = await drawn('grid', '--query', 'Files', '--kind', 'grid');
    assert.match(stderr, /asked the wiki for thumbnails: iiprop=size\|url, iiurlwidth=120 \(--no-thumbnails: the query as written\)/);
    assert.match(
      stderr,
      new RegExp(`${wiki.facts.files.length} files: ${wiki.facts.files.length} files from ${wiki.facts.files.length} rows written to`),
    );
    // What the wiki itself says of its files, asked directly.
    const pages = await wikiThumbnailPages(wiki.endpoint);
    const cells = [
      ...svg.matchAll(
        /<g data-mark="\d+" class="chart-mark grid-cell" data-row="\d+"><title>([^<]*): [^<]*<\/title>(?:(?!<\/g>).)*?<image [^>]*href="([^"]+)"/g,
      ),
    ].map((m) => [unescapeXml(m[1]!), unescapeXml(m[2]!)]);
    assert.deepEqual(cells.map(([title]) => title).sort(), wiki.facts.files.map((f) => f.title).sort());
    for (const [title, href] of cells) {
      assert.equal(href, pages.find((p) => p.title === title)!.imageinfo[0]!.thumburl, title);
      assert.ok(href!.startsWith(`http://127.0.0.1:${wiki.port}/images/thumb/`), href);
      const res = await fetch(href!);
      assert.equal(res.status, 200, href);
      assert.match(res.headers.get('content-type') ?? '', /^image\/(png|jpeg)$/, href);
    }
    assert.ok(svg.includes(xml('Odd "quote" & ampersand.png')), 'the odd name as escaped text');

    const asWritten = await drawn('grid-plain', '--query', 'Files', '--kind', 'grid', '--no-thumbnails');
    assert.doesNotMatch(asWritten.stderr, /asked the wiki/);
    const plainSvg = asWritten.svg;
    assert.equal([...plainSvg.matchAll(/<image /g)].length, 0, 'iiprop=size has no URL: placeholders');
    assert.equal([...plainSvg.matchAll(/class="grid-placeholder">no picture</g)].length, wiki.facts.files.length);
  });

  it('writes a PNG', async () => {
    const out = path.join(dir, 'users.png');
    const r = await runCli('chart', file, '--query', 'Changes', '--endpoint', wiki.endpoint, '--x', 'user', '-o', out);
    assert.equal(r.code, 0, r.stderr);
    const png = await readFile(out);
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    assert.ok(png.length > 5000, `${png.length} bytes`);
  });

  it('usage errors exit 2 and say what is wrong', async () => {
    const badOut = await runCli('chart', file, '--x', 'user', '-o', path.join(dir, 'x.gif'));
    assert.equal(badOut.code, 2);
    assert.match(badOut.stderr, /must end in \.svg or \.png/);
    const badKind = await runCli('chart', file, '--x', 'user', '--kind', 'pie', '-o', path.join(dir, 'x.svg'));
    assert.equal(badKind.code, 2);
    assert.ok(badKind.stderr.includes(`--kind must be ${CHART_KINDS.join(', ')}, not "pie"`), badKind.stderr);
  });
});
