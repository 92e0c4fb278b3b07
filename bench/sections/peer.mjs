// The peer: the same queries as JSON, vscode-json-languageservice with a JSON
// Schema from the same catalogue, in-process and behind LSP; our service
// in-process beside it (bench/peer.mjs, bench/peer-server.mjs). Reads the
// language server's figures (section `lsp`) for the ratios.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { benchFile } from '../lsp.mjs';
import { buildServiceBundle } from '../peer.mjs';
import { round } from '../util.mjs';
import { target } from '../report.mjs';

const mp = (s) => (s ? `${s.median} / ${s.p95}` : undefined);
const AT = 10000;

async function peerTask(ctx, task) {
  const file = path.join(ctx.outDir, '.build', `task-${task.engine}-${task.lines}.json`);
  fs.writeFileSync(file, JSON.stringify(task));
  const out = await ctx.sh(process.execPath, [path.join(ctx.here, 'peer.mjs'), file]);
  return JSON.parse(out.trim().split('\n').pop());
}

/** Ours/peer, three ways: both over LSP, both in-process, ours over LSP / peer in-process. */
function ratiosFor(d, lsp, lines) {
  const ours = lsp?.perSize[lines];
  const q = (a, b) => (a === undefined || b === undefined ? undefined : round(a / b, 3));
  const [peer, peerLsp, inProc] = [d.peer[lines], d.peerLsp[lines], d.inProcess[lines]];
  return {
    validation: {
      lsp: q(ours?.diagnosticsAfterEditMs.median, peerLsp?.diagnosticsAfterEditMs.median),
      inProcess: q(inProc?.validationAfterEditMs.median, peer?.validationAfterEditMs.median),
      mixed: q(ours?.diagnosticsAfterEditMs.median, peer?.validationAfterEditMs.median),
    },
    completion: {
      lsp: q(ours?.completionMs.median, peerLsp?.completionMs.median),
      inProcess: q(inProc?.completionMs.median, peer?.completionMs.median),
      mixed: q(ours?.completionMs.median, peer?.completionMs.median),
    },
  };
}

export default {
  name: 'peer',
  title: 'Peer: the same queries as JSON',
  quick: 'fewer rounds and edits per size',
  targetNames: ['Ours/peer ratios (10,000 lines)'],
  async measure(ctx) {
    const serviceBundle = await buildServiceBundle(path.join(ctx.outDir, '.build', 'service.cjs'));
    const d = { peer: {}, inProcess: {}, peerLsp: {} };
    for (const f of ctx.files) {
      const big = f.lines >= 50000;
      const rounds = ctx.quick ? 1 : big ? 2 : 3;
      const common = { lines: f.lines, plan: f.plan, rounds, maxEdits: ctx.quick ? 8 : big ? 8 : undefined, serviceBundle };
      ctx.log(`peer: ${f.lines} lines`);
      d.peer[f.lines] = await peerTask(ctx, {
        ...common,
        engine: 'json-peer',
        file: f.jsonPath,
        uri: `file:///bench/bench-${f.lines}.mwq.json`,
      });
      d.inProcess[f.lines] = await peerTask(ctx, { ...common, engine: 'mwq-inprocess', file: f.mwqPath, uri: f.uri });
      d.peerLsp[f.lines] = await benchFile({
        serverPath: path.join(ctx.here, 'peer-server.mjs'),
        file: { ...f, text: f.jsonText, uri: `file:///bench/bench-${f.lines}.mwq.json` },
        side: 'json',
        languageId: 'json',
        openRuns: 2,
        rounds,
        maxEdits: ctx.quick || big ? 8 : f.lines >= 10000 ? 15 : undefined,
        debounceSession: false,
        log: (m) => ctx.log(`  peer over LSP:${m}`),
      });
    }
    return d;
  },
  targets(d, ctx) {
    const lsp = ctx.results.lsp;
    if (!lsp?.perSize[AT] || !d.peer[AT])
      return [target('Ours/peer ratios (10,000 lines)', undefined, '≤ 0.5', undefined, '', 'needs the lsp section and a 10,000-line file')];
    const r = ratiosFor(d, lsp, AT);
    return [
      target(
        'Ours/peer: validation after an edit, medians (10,000 lines): both over LSP (debounce 0)',
        r.validation.lsp,
        '≤ 0.5',
        r.validation.lsp <= 0.5 && r.validation.inProcess <= 0.5,
        'ratio',
        `both in-process ${r.validation.inProcess}; ours over LSP / peer in-process ${r.validation.mixed}`,
      ),
      target(
        'Ours/peer: completion, medians (10,000 lines): both over LSP',
        r.completion.lsp,
        '≤ 0.5',
        r.completion.lsp <= 0.5 && r.completion.inProcess <= 0.5,
        'ratio',
        `both in-process ${r.completion.inProcess}; ours over LSP / peer in-process ${r.completion.mixed}`,
      ),
    ];
  },
  render(d, ctx) {
    const rows = Object.entries(d.peer).map(([lines, p]) => {
      const pl = d.peerLsp[lines];
      const ip = d.inProcess[lines];
      const x = ratiosFor(d, ctx.results.lsp, lines);
      return [
        Number(lines).toLocaleString('en'),
        p.diagnosticsCount,
        mp(p.validationAfterEditMs),
        mp(ip?.validationAfterEditMs),
        mp(pl?.diagnosticsAfterEditMs),
        `${x.validation.lsp} / ${x.validation.inProcess} / ${x.validation.mixed}`,
        mp(p.completionMs),
        mp(ip?.completionMs),
        mp(pl?.completionMs),
        `${x.completion.lsp} / ${x.completion.inProcess} / ${x.completion.mixed}`,
        `${mp(p.hoverMs)} ; ${mp(pl?.hoverMs)}`,
        `${p.memoryMB.hwmMB} ; ${pl?.memoryStressMB.hwmMB}`,
      ];
    });
    return [
      {
        title: `Peer: the same queries as JSON, vscode-json-languageservice + a JSON Schema generated from the catalogue (${Object.values(d.peer)[0]?.schemaBytes} bytes); in-process (bench/peer.mjs) and behind LSP over stdio (bench/peer-server.mjs). Ratios are ours/peer: both over LSP / both in-process / ours over LSP vs peer in-process`,
        header: [
          'Lines (.mwq)',
          'Peer diagnostics',
          'Peer parse+validate after edit, in-process ms',
          'Ours validate after edit, in-process ms',
          'Peer edit → diagnostics over LSP ms',
          'Validation ratio',
          'Peer completion, in-process ms',
          'Ours completion, in-process ms',
          'Peer completion over LSP ms',
          'Completion ratio',
          'Peer hover ms (in-process ; LSP)',
          'Peer peak RSS MB (in-process ; server)',
        ],
        rows,
        after:
          'The ratio target counts as met when both like-for-like ratios (LSP/LSP and in-process/in-process) are within it; the mixed ratio (ours over LSP against the peer in-process) is shown too.',
      },
    ];
  },
};
