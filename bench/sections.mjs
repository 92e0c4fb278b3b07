// The sections of `npm run bench`, in the order bench/RESULTS.md shows them.
// A section is one module under bench/sections/ exporting
//   { name, title, quick?, targetNames?, measure(ctx), targets?(data, ctx), render(data, ctx) }
// (bench/README.md says what each member does); adding one is that file and
// one line here.

import lsp from './sections/lsp.mjs';
import peer from './sections/peer.mjs';
import runner from './sections/runner.mjs';
import synthetic from './sections/synthetic.mjs';
import live from './sections/liveValues.mjs';
import panel from './sections/panel.mjs';
import results from './sections/resultsOps.mjs';
import chart from './sections/chartSplit.mjs';
import bundles from './sections/bundles.mjs';
import many from './sections/manyWikis.mjs';
import transports from './sections/transports.mjs';
import web from './sections/web.mjs';

export const SECTIONS = [lsp, peer, runner, synthetic, transports, live, panel, results, chart, many, web, bundles];
