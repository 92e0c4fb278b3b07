// Marketplace-ready: the .vsix `npm run package` builds is
// listed entry by entry and its manifest read, and Open VSX's own client
// (`ovsx publish`) uploads it to a stand-in registry on loopback (a dry run:
// open-vsx.org is never contacted; the stand-in only records the upload).
//
//   node --test test/package/package.test.mjs
import { spawnSync, spawn } from 'node:child_process';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const vsix = path.join(root, '.vscode-test', 'package-check', 'mwquery.vsix');
// Open VSX's client: the project's devDependency, or MWQ_OVSX (a path to an `ovsx` binary).
const ovsxBin = process.env.MWQ_OVSX || path.join(root, 'node_modules', '.bin', 'ovsx');

/** The entries of a zip file (its central directory), with a reader for each. */
function readZip(file) {
  const buf = fs.readFileSync(file);
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 65_557); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  assert.ok(eocd >= 0, `${file} is not a zip file`);
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  const entries = new Map();
  for (let n = 0; n < count; n++) {
    assert.equal(buf.readUInt32LE(at), 0x02014b50, 'central directory entry');
    const method = buf.readUInt16LE(at + 10);
    const compressed = buf.readUInt32LE(at + 20);
    const nameLength = buf.readUInt16LE(at + 28);
    const extraLength = buf.readUInt16LE(at + 30);
    const commentLength = buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLength);
    entries.set(name, () => {
      const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
      const data = buf.subarray(start, start + compressed);
      return method === 8 ? zlib.inflateRawSync(data) : Buffer.from(data);
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Width and height of a PNG (its IHDR chunk). */
function pngSize(bytes) {
  assert.equal(bytes.subarray(1, 4).toString('latin1'), 'PNG', 'a PNG file');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('the .vsix', () => {
  let entries;
  let manifest;

  before(() => {
    fs.mkdirSync(path.dirname(vsix), { recursive: true });
    fs.rmSync(vsix, { force: true });
    // Exactly `npm run package` (build:prod, then vsce with the project's flags), to a known file.
    const r = spawnSync('npm', ['run', '--silent', 'package', '--', '--out', vsix], { cwd: root, encoding: 'utf8' });
    assert.equal(r.status, 0, `npm run package failed:\n${r.stdout}\n${r.stderr}`);
    assert.doesNotMatch(r.stdout + r.stderr, /WARNING/, 'vsce packages without warnings');
    // build:prod dropped the development source maps: put the developer's build back.
    spawnSync('npm', ['run', '--silent', 'build'], { cwd: root });
    // vsce stores README.md and CHANGELOG.md as readme.md and changelog.md: look names up without case.
    const raw = readZip(vsix);
    entries = new Map([...raw].map(([name, read]) => [name.toLowerCase(), read]));
    entries.originalNames = [...raw.keys()];
    manifest = JSON.parse(entries.get('extension/package.json')().toString('utf8'));
  });

  it('holds the icon, README, CHANGELOG, licence, walkthrough and the bundles', () => {
    for (const name of [
      'extension/package.json',
      'extension/README.md',
      'extension/CHANGELOG.md',
      'extension/LICENSE.txt',
      'extension/media/icon.png',
      'extension/dist/extension.js',
      'extension/dist/server.js',
      'extension/dist/cli.js',
      'extension/dist/panel.js',
      'extension/dist/web/extension.js',
      'extension/dist/web/server.js',
      'extension/language-configuration.json',
      'extension/syntaxes/mwquery.tmLanguage.json',
    ]) {
      assert.ok(entries.has(name.toLowerCase()), `${name} is in the .vsix: ${entries.originalNames.join(', ')}`);
    }
    for (const step of manifest.contributes.walkthroughs.flatMap((w) => w.steps)) {
      const media = step.media.markdown ?? step.media.image;
      assert.ok(entries.has(`extension/${media}`.toLowerCase()), `the walkthrough's ${media} is in the .vsix`);
    }
  });

  it("holds nothing from sources, tests or the developer's machine", () => {
    const forbidden = [
      /^extension\/(client|server|common|test|scripts|bench|examples|out|node_modules|\.vscode-test|\.wiki-test|test-results)\//,
      /\.(ts|map|mjs|vsix|log)$/,
      /(^|\/)\.env/,
      /tsconfig/,
      /esbuild/,
    ];
    const bad = entries.originalNames.filter((n) => forbidden.some((re) => re.test(n)));
    assert.deepEqual(bad, []);
    assert.ok(entries.size < 60, `a small package: ${entries.size} entries: ${entries.originalNames.join(', ')}`);
  });

  it('has a 128x128 PNG icon, and every image and link of its README', () => {
    assert.equal(manifest.icon, 'media/icon.png');
    assert.deepEqual(pngSize(entries.get('extension/media/icon.png')()), { width: 128, height: 128 });
    const readme = entries.get('extension/readme.md')().toString('utf8');
    const links = [...readme.matchAll(/\]\(([^)\s#]+)(#[^)]*)?\)/g)].map((m) => m[1]).filter((l) => !/^[a-z]+:/i.test(l));
    assert.ok(
      links.some((l) => l.endsWith('.png')),
      'the README shows screenshots',
    );
    for (const link of links) assert.ok(entries.has(`extension/${link}`.toLowerCase()), `README links ${link}, which the .vsix holds`);
  });

  it('puts settings and commands under "MediaWiki Query"', () => {
    const configuration = [].concat(manifest.contributes.configuration);
    for (const c of configuration) assert.equal(c.title, 'MediaWiki Query');
    for (const command of manifest.contributes.commands) assert.equal(command.category, 'MediaWiki Query', command.command);
    assert.equal(manifest.displayName, 'MediaWiki Query');
    assert.ok(
      manifest.repository === undefined || /^https:\/\/(?!example\.)/.test(manifest.repository.url ?? manifest.repository),
      'a real repository, or none (packaged with --allow-missing-repository)',
    );
  });

  it("is accepted by Open VSX's client (ovsx publish to a stand-in registry on loopback)", async (t) => {
    if (!fs.existsSync(ovsxBin)) {
      t.skip('ovsx is not installed (npm install --save-dev ovsx)');
      return;
    }
    const uploads = [];
    const registry = http.createServer((req, res) => {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        const url = new URL(req.url, 'http://registry');
        if (req.method === 'POST' && url.pathname === '/api/-/publish') {
          const body = Buffer.concat(chunks);
          uploads.push({ token: url.searchParams.get('token'), bytes: body.length, zip: body.subarray(0, 2).toString('latin1') === 'PK' });
          res.writeHead(201, { 'Content-Type': 'application/json' });
          res.end(
            JSON.stringify({
              namespace: manifest.publisher,
              name: manifest.name,
              version: manifest.version,
              targetPlatform: 'universal',
              files: {},
              allVersions: {},
            }),
          );
        } else {
          res.writeHead(404, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ error: `stand-in registry: no ${req.method} ${url.pathname}` }));
        }
      });
    });
    await new Promise((r) => registry.listen(0, '127.0.0.1', r));
    const { port } = registry.address();
    try {
      const out = await new Promise((resolve) => {
        const child = spawn(ovsxBin, ['publish', vsix, '--pat', 'dry-run-token', '--registryUrl', `http://127.0.0.1:${port}`], {
          cwd: root,
          env: { ...process.env, OVSX_PAT: '' },
        });
        let text = '';
        child.stdout.on('data', (b) => (text += b));
        child.stderr.on('data', (b) => (text += b));
        child.on('close', (code) => resolve({ code, text }));
      });
      assert.equal(out.code, 0, out.text);
      assert.match(out.text, new RegExp(`Published ${manifest.publisher}\\.${manifest.name} v${manifest.version.replace(/\./g, '\\.')}`));
      assert.equal(uploads.length, 1);
      assert.equal(uploads[0].zip, true);
      assert.equal(uploads[0].bytes, fs.statSync(vsix).size, 'the .vsix itself was uploaded');
    } finally {
      registry.close();
    }
  });
});
