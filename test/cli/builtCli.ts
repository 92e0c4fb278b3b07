// The built CLI every test in this folder runs, as a user runs it: `node
// dist/cli.js` (`npm run build` first; `npm test` builds before it runs them).

import { existsSync } from 'node:fs';
import * as path from 'node:path';

export const root = path.join(__dirname, '..', '..');
export const cli = path.join(root, 'dist', 'cli.js');

if (!existsSync(cli)) throw new Error('dist/cli.js is missing: run `npm run build` first (test/cli/ runs the built CLI).');
