// Running across wikis, without a network: the pool, the host gate, the rows' wiki field, failures.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  gatedSend,
  HostGate,
  runAcrossWikis,
  targetsFromUrls,
  withWiki,
  type RunOne,
  type WikiRunStatus,
  type WikiTarget,
} from '../../common/src/runner/manyWikis';
import { serverKey } from '../../common/src/url';
import '../nodeTransport';

const tick = (ms = 2) => new Promise((resolve) => setTimeout(resolve, ms));

/** Counts calls in flight, per host and in all. */
function counter() {
  const perHost = new Map<string, number>();
  let all = 0;
  const most = { perHost: 0, all: 0 };
  return {
    most,
    async during<T>(host: string, f: () => Promise<T>): Promise<T> {
      perHost.set(host, (perHost.get(host) ?? 0) + 1);
      all++;
      most.perHost = Math.max(most.perHost, perHost.get(host)!);
      most.all = Math.max(most.all, all);
      try {
        return await f();
      } finally {
        perHost.set(host, perHost.get(host)! - 1);
        all--;
      }
    },
  };
}

describe('serverKey: one server is one gate however it is spelled', () => {
  it('every spelling of one loopback server and port is one key; names stay one key per name', () => {
    const loopback = [
      '127.0.0.1',
      'localhost',
      'LOCALHOST.',
      '[::ffff:127.0.0.1]',
      '[0:0:0:0:0:ffff:7f00:1]',
      '0x7f.1',
      '2130706433',
      '[::1]',
    ];
    const keys = new Set(loopback.map((h) => serverKey(`http://${h}:8080/w/api.php`)));
    assert.equal(keys.size, 1, [...keys].join(' '));
    assert.notEqual(serverKey('http://127.0.0.1:8080/api.php'), serverKey('http://127.0.0.1:8081/api.php'));
    assert.equal(serverKey('http://[::ffff:10.1.2.3]/api.php'), serverKey('http://10.1.2.3:80/api.php'));
    assert.equal(serverKey('https://De.Wikipedia.org./w/api.php'), serverKey('https://de.wikipedia.org/w/api.php'));
    assert.notEqual(serverKey('https://de.wikipedia.org/w/api.php'), serverKey('https://fr.wikipedia.org/w/api.php'));
  });
});

describe('runAcrossWikis', () => {
  it('runs every wiki, tags rows with their wiki, and reports the failed one by name while the others go on', async () => {
    const targets = targetsFromUrls(['https://a.example/api.php', 'https://down.example/api.php', 'https://b.example/api.php']);
    const rows: Record<string, unknown>[] = [];
    const runOne: RunOne = async (target, io) => {
      await tick();
      if (target.wiki === 'down.example') throw new Error('down.example did not answer');
      io.onRows([{ title: `${target.wiki} 1` }, { title: `${target.wiki} 2` }]);
      io.onProgress({ items: 2, pages: 1 });
      return { items: 2, pages: 1 };
    };
    const statuses = await runAcrossWikis(targets, runOne, { onRows: (_, r) => rows.push(...r) });
    assert.deepEqual(
      statuses.map((s) => [s.wiki, s.state, s.items, s.error]),
      [
        ['a.example', 'done', 2, undefined],
        ['down.example', 'failed', 0, 'down.example did not answer'],
        ['b.example', 'done', 2, undefined],
      ],
    );
    assert.deepEqual(
      rows.map((r) => Object.keys(r)[0]),
      ['wiki', 'wiki', 'wiki', 'wiki'],
    );
    assert.deepEqual(rows.map((r) => [r.wiki, r.title]).sort(), [
      ['a.example', 'a.example 1'],
      ['a.example', 'a.example 2'],
      ['b.example', 'b.example 1'],
      ['b.example', 'b.example 2'],
    ]);
  });

  it('runs at most `parallel` wikis at a time, and one request at a time per host through the gate', async () => {
    const urls = [];
    for (let h = 0; h < 6; h++) for (let p = 0; p < 3; p++) urls.push(`https://h${h}.example/p${p}/api.php`);
    const targets = targetsFromUrls(urls);
    const count = counter();
    const gate = new HostGate();
    const send = gatedSend((endpoint: string) => count.during(new URL(endpoint).host, () => tick(3)), gate);
    const runOne: RunOne = async (target) => {
      for (let i = 0; i < 3; i++) await send(target.endpoint);
      return { items: 0, pages: 3 };
    };
    const statuses = await runAcrossWikis(targets, runOne, { parallel: 3 });
    assert.equal(count.most.perHost, 1);
    assert.equal(count.most.all, 3);
    assert.ok(statuses.every((s) => s.state === 'done'));
  });

  it('shares the gate between two runs at once on the same host', async () => {
    const count = counter();
    const gate = new HostGate();
    const send = gatedSend((endpoint: string) => count.during(new URL(endpoint).host, () => tick(3)), gate);
    const runOne: RunOne = async (target) => {
      for (let i = 0; i < 4; i++) await send(target.endpoint);
      return { items: 0, pages: 4 };
    };
    const one: WikiTarget[] = [{ wiki: 'x', endpoint: 'https://same.example/a/api.php' }];
    const two: WikiTarget[] = [{ wiki: 'y', endpoint: 'https://same.example/b/api.php' }];
    await Promise.all([runAcrossWikis(one, runOne), runAcrossWikis(two, runOne)]);
    assert.equal(count.most.perHost, 1);
    assert.equal(gate.busy(serverKey('https://same.example/a/api.php')), 0);
  });

  it('the gate hands a busy server to its waiting calls in order, one at a time, and is free after a call that throws', async () => {
    const gate = new HostGate();
    const order: string[] = [];
    let inFlight = 0;
    const call = (name: string) =>
      gate.run('h', async () => {
        inFlight++;
        assert.equal(inFlight, 1);
        order.push(`${name} starts`);
        await tick(1);
        order.push(`${name} ends`);
        inFlight--;
        return name;
      });
    const free = gate.run('other', async () => 'other');
    assert.deepEqual(await Promise.all([call('a'), call('b'), call('c'), free]), ['a', 'b', 'c', 'other']);
    assert.deepEqual(order, ['a starts', 'a ends', 'b starts', 'b ends', 'c starts', 'c ends']);
    assert.equal(gate.busy('h'), 0);
    // A send that throws before it returns a promise, and one that rejects, both release the server.
    await assert.rejects(
      gate.run('h', () => {
        throw new Error('at once');
      }),
      /at once/,
    );
    await assert.rejects(
      gate.run('h', async () => {
        throw new Error('later');
      }),
      /later/,
    );
    assert.equal(gate.busy('h'), 0);
    assert.equal(await gate.run('h', async () => 'after'), 'after');
  });

  it('reports waiting, running and done for each wiki, with items and pages', async () => {
    const seen: WikiRunStatus[] = [];
    const runOne: RunOne = async (_, io) => {
      io.onProgress({ items: 5, pages: 1 });
      return { items: 7, pages: 2 };
    };
    await runAcrossWikis([{ wiki: 'a', endpoint: 'https://a.example/api.php' }], runOne, { onStatus: (s) => seen.push(s) });
    assert.deepEqual(
      seen.map((s) => [s.state, s.items, s.pages]),
      [
        ['waiting', 0, 0],
        ['running', 0, 0],
        ['running', 5, 1],
        ['done', 7, 2],
      ],
    );
  });

  it('a run that reports an error fails without throwing, and a cancelled run fails the wikis not started', async () => {
    const controller = new AbortController();
    const runOne: RunOne = async () => {
      controller.abort();
      return { items: 1, pages: 1, error: 'API error: badvalue' };
    };
    const statuses = await runAcrossWikis(targetsFromUrls(['https://a.example/api.php', 'https://b.example/api.php']), runOne, {
      parallel: 1,
      signal: controller.signal,
    });
    assert.deepEqual(
      statuses.map((s) => [s.state, s.error]),
      [
        ['failed', 'API error: badvalue'],
        ['failed', 'Cancelled.'],
      ],
    );
  });

  it('resolves at once with no targets', async () => {
    assert.deepEqual(await runAcrossWikis([], async () => ({ items: 0, pages: 0 })), []);
  });
});

describe('targets and rows', () => {
  it('names targets by host, with the path when several share one, and keeps each URL once', () => {
    assert.deepEqual(
      targetsFromUrls([
        'https://de.wikipedia.org/w/api.php',
        'http://127.0.0.1:8080/a/api.php',
        'http://127.0.0.1:8080/b/api.php',
        'https://de.wikipedia.org/w/api.php',
        'not a url',
      ]).map((t) => t.wiki),
      ['de.wikipedia.org', '127.0.0.1:8080/a', '127.0.0.1:8080/b'],
    );
  });

  it('no two targets share a name: numbered where host and path do not tell them apart, never named by a query string', () => {
    assert.deepEqual(
      targetsFromUrls([
        'https://w.example/w/api.php?key=SECRET1',
        'https://w.example/w/api.php?key=SECRET2',
        'http://v.example/api.php',
        'https://v.example/api.php',
        'https://u.example/api.php',
      ]).map((t) => t.wiki),
      ['w.example/w', 'w.example/w (2)', 'v.example', 'v.example (2)', 'u.example'],
    );
  });

  it('puts wiki first and keeps a row of its own wiki field as wiki.row', () => {
    const [row] = withWiki([{ title: 'T', wiki: 'enwiki', ns: 0 }], 'de.wikipedia.org');
    assert.deepEqual(Object.entries(row!), [
      ['wiki', 'de.wikipedia.org'],
      ['title', 'T'],
      ['wiki.row', 'enwiki'],
      ['ns', 0],
    ]);
  });

  it('a row without a wiki of its own: wiki first, then every field in order, a __proto__ field kept as a field', () => {
    const answered = JSON.parse('[{"title":"T","ns":0,"__proto__":{"x":1},"pageid":7}]') as Record<string, unknown>[];
    const [row] = withWiki(answered, 'de.wikipedia.org');
    assert.deepEqual(Object.keys(row!), ['wiki', 'title', 'ns', '__proto__', 'pageid']);
    assert.equal(Object.getPrototypeOf(row), Object.prototype);
    assert.deepEqual(Object.getOwnPropertyDescriptor(row, '__proto__')?.value, { x: 1 });
    assert.notEqual(row, answered[0], 'a copy: the row as the session gave it is not changed');
    assert.deepEqual(Object.keys(answered[0]!), ['title', 'ns', '__proto__', 'pageid']);
  });
});
