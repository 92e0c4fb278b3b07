// The image grid (common/src/chart/kinds/grid.ts, over common/src/chart/files.ts):
// which rows make a grid, which picture URLs it may fetch (the wiki's own
// origin only; everything else shown as text), and the thumbnail parameters a
// query gets for it.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chartData } from '../../common/src/chart/aggregate';
import { defaultSpec } from '../../common/src/chart/defaults';
import { chartFields } from '../../common/src/chart/fields';
import { offeredKinds } from '../../common/src/chart/offered';
import { drawChart } from '../../common/src/chart/draw';
import { asksForFiles, fileOfRow, pictureUrl, thumbnailParams, withParams, type NamedValue } from '../../common/src/chart/files';
import { grid, type GridChart } from '../../common/src/chart/kinds/grid';
import { toSvg } from '../../common/src/chart/svg';
import type { Row } from '../../common/src/row';
import { changeRows, markTitles } from './chartRows';

const ORIGIN = 'https://wiki.example';
const thumb = (name: string) => `${ORIGIN}/images/thumb/a/ab/${name}/120px-${name}`;
const gridOf = (rows: Row[], imageOrigin: string | null = ORIGIN) =>
  chartData(rows, { kind: 'grid', x: '' }, imageOrigin ? { imageOrigin } : {}) as GridChart;
const params = (text: string): NamedValue[] => [...new URLSearchParams(text)].map(([name, value]) => ({ name, value }));

describe('image grid: which rows make a grid', () => {
  const rows: Row[] = [
    {
      title: 'File:A.png',
      imageinfo: [{ thumburl: thumb('A.png'), thumbwidth: 120, thumbheight: 90, url: `${ORIGIN}/images/a/ab/A.png` }],
    },
    { title: 'File:B.png', 'imageinfo.url': `${ORIGIN}/images/b/bc/B.png`, 'imageinfo.width': 40, 'imageinfo.height': 30 },
    { title: 'Some page', thumbnail: { source: thumb('C.png'), width: 120, height: 120 }, pageimage: 'C.png' },
    { name: 'D.png', title: 'File:D.png', url: `${ORIGIN}/images/d/de/D.png`, timestamp: '2026-11-01T00:00:00Z' },
    { title: 'Page without a picture', pageid: 5 },
    { title: 'File:E.png', imageinfo: [{ user: 'Alice', timestamp: '2026-11-01T00:00:00Z' }] },
  ];

  it('a cell per row that names a picture: imageinfo (nested or as columns), pageimages, allimages; the thumbnail before the file', () => {
    const data = gridOf(rows);
    assert.deepEqual(
      data.points.map((c) => [c.label, c.url, c.row]),
      [
        ['File:A.png', thumb('A.png'), 0],
        ['File:B.png', `${ORIGIN}/images/b/bc/B.png`, 1],
        ['Some page', thumb('C.png'), 2],
        ['File:D.png', `${ORIGIN}/images/d/de/D.png`, 3],
        ['File:E.png', undefined, 5],
      ],
    );
    assert.equal(data.points[4]!.missing, 'no picture');
    assert.equal(data.title, '5 files');
    assert.deepEqual(grid.summary(data), { marks: 5, noun: 'file' });
    const drawing = drawChart(data, { width: 600 });
    assert.deepEqual(
      drawing.marks.map((m) => m.row),
      [0, 1, 2, 3, 5],
    );
    const svg = toSvg(drawing);
    assert.equal([...svg.matchAll(/<image /g)].length, 4);
    assert.ok(svg.includes(`href="${thumb('A.png')}"`));
    assert.equal(markTitles(svg).length, 5);
    assert.match(svg, /class="grid-placeholder">no picture</);
  });

  it('rows with no picture make no cell, and the note says what would', () => {
    const data = gridOf(changeRows(30));
    assert.equal(data.points.length, 0);
    assert.match(
      data.note ?? '',
      /no files with a picture in the rows \(prop=imageinfo with iiprop=url, prop=pageimages, list=allimages\)/,
    );
  });

  it('the grid is the Chart view’s first choice for files, and only for them', () => {
    assert.deepEqual(defaultSpec(rows), { kind: 'grid', x: '' });
    assert.deepEqual(defaultSpec([rows[5]!]), { kind: 'grid', x: '' }, 'imageinfo without a URL: the grid offers to ask for thumbnails');
    const flattened = { title: 'File:F.png', 'imageinfo.size': 944, 'imageinfo.width': 320 };
    assert.deepEqual(defaultSpec([flattened]), { kind: 'grid', x: '' }, 'as the panel flattens one-item lists');
    assert.deepEqual(fileOfRow(flattened), { title: 'File:F.png' });
    assert.notEqual(defaultSpec(changeRows(30))?.kind, 'grid');
    assert.notEqual(defaultSpec([{ ns: 6, title: 'File:A.png', pageid: 1 }])?.kind, 'grid', 'a File page alone is no picture');
  });

  it('the Chart view offers the grid for files’ columns (as the panel flattens them), not for other rows', () => {
    const offered = (rs: Row[]) => offeredKinds('chart', chartFields(rs)).map((k) => k.id);
    assert.ok(offered([{ title: 'File:A.png', 'imageinfo.thumburl': thumb('A.png'), 'imageinfo.size': 3 }]).includes('grid'));
    assert.ok(offered([{ name: 'A.png', url: `${ORIGIN}/images/a/ab/A.png` }]).includes('grid'));
    assert.ok(!offered(changeRows(30)).includes('grid'));
  });

  it('with no wiki origin (an untrusted workspace) no picture is drawn: placeholders only, and the note says why', () => {
    const data = gridOf(rows, null);
    assert.equal(data.points.length, 5);
    assert.ok(data.points.every((c) => c.url === undefined && c.missing === 'no picture'));
    assert.match(data.note ?? '', /pictures not loaded/);
    const svg = toSvg(drawChart(data));
    assert.ok(!svg.includes('<image'), 'no <image> without an origin');
    assert.ok(!svg.includes('wiki.example'), 'no URL at all');
  });
});

describe('image grid: hostile URLs are shown as text, never fetched', () => {
  const hostile = [
    'https://evil.example/x.png',
    'http://wiki.example/x.png', // the wiki is https: another origin
    'https://wiki.example:8443/x.png',
    '//evil.example/x.png',
    'javascript:alert(1)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    '/images/relative.png',
    'https://user:pass@wiki.example/x.png',
    'https://wiki.example/x.png" onload="alert(1)',
    'https://wiki.example/<script>.png',
    'https://wiki.example\\@evil.example/x.png',
    'https://evil.example\u202E/gnp.x',
  ];

  it('pictureUrl refuses each; the wiki’s own absolute and protocol-relative URLs pass', () => {
    for (const url of hostile) assert.equal(pictureUrl(url, ORIGIN), undefined, url);
    assert.equal(pictureUrl(`${ORIGIN}/images/a.png`, ORIGIN), `${ORIGIN}/images/a.png`);
    assert.equal(pictureUrl('//wiki.example/images/a.png', ORIGIN), `${ORIGIN}/images/a.png`);
    assert.equal(pictureUrl(`${ORIGIN}/images/a.png`, undefined), undefined);
  });

  it('in the drawing: no <image> for them, the URL only as escaped text in the mark’s title', () => {
    const rows: Row[] = hostile.map((url, i) => ({ title: `File:<img src=x onerror=alert(${i})>.png`, imageinfo: [{ thumburl: url }] }));
    const data = gridOf(rows);
    assert.equal(data.points.length, hostile.length);
    assert.ok(data.points.every((c) => c.url === undefined && c.missing === 'not on this wiki'));
    const svg = toSvg(drawChart(data));
    assert.ok(!svg.includes('<image'), 'nothing is fetched');
    assert.ok(!/href=/.test(svg));
    assert.ok(!svg.includes('<img') && !svg.includes('<svg onload') && !svg.includes('" onload="'), 'every text escaped');
    assert.ok(svg.includes('is not on this wiki'));
    assert.ok(!svg.includes('\u202E'), 'a control character is shown, not obeyed');
  });
});

describe('image grid: the thumbnail parameters a query gets', () => {
  it('imageinfo: iiprop gains url (the default props kept) and iiurlwidth; pageimages: pithumbsize; allimages: aiprop=url', () => {
    assert.deepEqual(thumbnailParams(params('action=query&generator=allimages&prop=imageinfo')), [
      { name: 'iiprop', value: 'timestamp|user|url' },
      { name: 'iiurlwidth', value: '120' },
    ]);
    assert.deepEqual(thumbnailParams(params('prop=imageinfo&iiprop=size&iiurlwidth=300')), [{ name: 'iiprop', value: 'size|url' }]);
    assert.deepEqual(thumbnailParams(params('prop=info|pageimages&generator=categorymembers')), [{ name: 'pithumbsize', value: '120' }]);
    assert.deepEqual(thumbnailParams(params('prop=pageimages&piprop=name')), [
      { name: 'piprop', value: 'name|thumbnail' },
      { name: 'pithumbsize', value: '120' },
    ]);
    assert.deepEqual(thumbnailParams(params('list=allimages&aiprop=size')), [{ name: 'aiprop', value: 'size|url' }]);
    assert.deepEqual(thumbnailParams(params('list=allimages')), []);
    assert.deepEqual(thumbnailParams(params('prop=imageinfo&iiprop=url&iiurlwidth=120')), [], 'nothing when the query has them');
    assert.deepEqual(thumbnailParams(params('list=recentchanges')), []);
  });

  it('the added values replace the query’s own lists in place, the new ones last', () => {
    const given = params('action=query&prop=imageinfo&iiprop=size&titles=File:A.png');
    const out = withParams(given, thumbnailParams(given), (p) => p);
    assert.equal(
      new URLSearchParams(out.map((p): [string, string] => [p.name, p.value])).toString(),
      'action=query&prop=imageinfo&iiprop=size%7Curl&titles=File%3AA.png&iiurlwidth=120',
    );
  });

  it('the parameters are the bundled catalogue’s: imageinfo has urlwidth, allimages has no width (only prop=url)', () => {
    const paraminfo = JSON.parse(fs.readFileSync(path.join(__dirname, '../../server/catalogue/paraminfo.json'), 'utf8'));
    const modules: { name: string; parameters: { name: string; type: unknown }[] }[] = Object.values(
      paraminfo.paraminfo?.modules ?? paraminfo.modules ?? paraminfo,
    );
    const paramsOf = (name: string) => modules.find((m) => m.name === name)!.parameters;
    assert.ok(paramsOf('imageinfo').some((p) => p.name === 'urlwidth'));
    assert.ok((paramsOf('imageinfo').find((p) => p.name === 'prop')!.type as string[]).includes('url'));
    assert.ok(!paramsOf('allimages').some((p) => /width/.test(p.name)));
    assert.ok((paramsOf('allimages').find((p) => p.name === 'prop')!.type as string[]).includes('url'));
  });

  it('asksForFiles: the queries whose wiki’s images the panel may show', () => {
    for (const q of ['prop=imageinfo', 'prop=info|pageimages', 'list=allimages', 'generator=allimages&prop=info'])
      assert.ok(asksForFiles(params(q)), q);
    for (const q of ['list=recentchanges', 'prop=images', 'list=allpages']) assert.ok(!asksForFiles(params(q)), q);
  });

  it('fileOfRow reads a number URL as text and a missing title as empty, never throws', () => {
    assert.deepEqual(fileOfRow({ url: 5 as unknown as string }), { title: '', url: '5', width: undefined, height: undefined });
    assert.deepEqual(fileOfRow({ title: 'x', imageinfo: 'nonsense' }), { title: 'x' }, 'a file with no picture');
    assert.equal(fileOfRow({ title: 'x', pageid: 1 }), undefined);
  });
});
