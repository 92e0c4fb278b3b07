// Lint: typescript-eslint's recommended rules, and the layers, enforced
// (docs/architecture.md): only the client talks to VS Code; the language
// service and the editor-independent parts of common/ do no I/O; the server
// receives catalogues and never fetches them.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const noVscode = { name: 'vscode', message: 'Only client/ may import "vscode" (the layers: docs/architecture.md).' };
const noNode = {
  group: ['node:*', 'fs', 'path', 'os', 'http', 'https', 'child_process', 'crypto', 'net', 'vm'],
  message: 'The language service and the pure parts of common/ do no I/O: no Node built-ins here (docs/architecture.md).',
};
const noFetcher = {
  group: [
    '**/catalogue/fetchCatalogue',
    '**/catalogue/catalogueCache',
    '**/content/fetchContent',
    '**/content/fetchLiveValues',
    '**/content/askWiki',
  ],
  message:
    'The language server receives catalogue snapshots and content answers from the client; it never fetches (common/src/catalogue/snapshot.ts and common/src/content/contentTypes.ts may be imported here).',
};

const noNodeInBrowser = {
  ...noNode,
  message: 'Browser code (the web extension, the browser server): no Node built-ins (docs/architecture.md).',
};
const noNodeEntries = {
  group: ['vscode-languageclient/node', 'vscode-languageserver/node', 'vscode-languageserver-protocol/node', 'vscode-jsonrpc/node'],
  message: 'Browser code: use the /browser entry of the language client and server.',
};

/** What the panel's browser code may not import. */
const mediaImports = {
  paths: [{ name: 'vscode', message: 'client/media/ is browser code: no "vscode" (it talks to the extension by messages).' }],
  patterns: [
    { ...noNode, message: 'client/media/ is browser code: no Node built-ins (docs/architecture.md).' },
    { group: ['**/client/src/**', '../src/**'], message: 'client/media/ never imports the extension host (client/src).' },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'out/**',
      'bench-results/**',
      'node_modules/**',
      '.vscode-test/**',
      '.wiki-test/**',
      'test-results/**',
      'client/media/**/*.js',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    rules: {
      // Catalogue and answer JSON is untyped by nature; narrowed where it is read.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', destructuredArrayIgnorePattern: '^_' },
      ],
      'no-control-regex': 'off',
    },
  },
  {
    files: ['server/**/*.ts', 'common/**/*.ts', 'cli/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noVscode] }] },
  },
  {
    // Pure: the language service, and common/ except the runner, the catalogue fetcher and cache, and the parts that read files or run code.
    files: ['server/src/service/**/*.ts', 'common/src/**/*.ts'],
    ignores: [
      'common/src/runner/**',
      'common/src/output/atomicWrite.ts',
      'common/src/output/ownFiles.ts',
      'common/src/output/boundedRead.ts',
      'common/src/output/rowWriters.ts',
      'common/src/catalogue/fetchCatalogue.ts',
      'common/src/catalogue/catalogueCache.ts',
      'common/src/content/fetchContent.ts',
      'common/src/content/fetchLiveValues.ts',
      'common/src/content/askWiki.ts',
      'common/src/results/history.ts',
      'common/src/expect/vmRegex.ts',
      'common/src/expect/runForExpectations.ts',
    ],
    rules: { 'no-restricted-imports': ['error', { paths: [noVscode], patterns: [noNode] }] },
  },
  {
    // The LSP server never fetches: the client hands it catalogue snapshots and content answers.
    // (The CLI lives in cli/src/ and may fetch: it runs queries and `mwq check --endpoint`.)
    files: ['server/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noVscode], patterns: [noFetcher] }] },
  },
  {
    files: ['server/src/service/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noVscode], patterns: [noNode, noFetcher] }] },
  },
  {
    // The web extension runs in a browser worker: no Node built-ins imported here
    // (scripts/check-web-imports.mjs checks everything its bundle reaches).
    files: ['client/src/web/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noNodeInBrowser, noNodeEntries] }] },
  },
  {
    // The browser server: a server (no vscode, never fetches) in a browser worker.
    files: ['server/src/browserMain.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noVscode], patterns: [noNodeInBrowser, noNodeEntries, noFetcher] }] },
  },
  {
    // The results panel runs in a browser page: no vscode, no Node (scripts/check-imports.mjs also keeps client/src out).
    files: ['client/media/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', mediaImports] },
  },
  {
    // The panel's model is DOM-free: it is driven with plain objects in test/unit/ (panelModel.test.ts).
    files: ['client/media/model/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...mediaImports,
          patterns: [
            ...mediaImports.patterns,
            {
              regex: '^\\.\\./(?!\\.\\./)',
              message: 'client/media/model/ imports no view, nor dom.ts: the views build on it, not the other way.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['document', 'window', 'requestAnimationFrame', 'getComputedStyle', 'HTMLElement', 'Element', 'Node', 'acquireVsCodeApi'].map(
          (name) => ({ name, message: 'client/media/model/ is DOM-free: the views (client/media/) turn what it says into DOM.' }),
        ),
      ],
    },
  },
  {
    // A wiki decides how long an array of rows, warnings or items is: `push(...x)` passes every item as an argument
    // and throws RangeError somewhere past 100,000 (issue 30). pushAll (common/src/arrays.ts) appends without
    // spreading; a literal (`push(...[a, b])`, `push(...(c ? [a] : []))`) is fine.
    files: ['cli/**/*.ts', 'client/**/*.ts', 'common/**/*.ts', 'server/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name=/^(push|unshift)$/] > SpreadElement:not([argument.type='ArrayExpression']):not([argument.type='ConditionalExpression'][argument.consequent.type='ArrayExpression'][argument.alternate.type='ArrayExpression'])",
          message:
            'No push(...items): an array of wiki-sized length overflows the call stack. Use pushAll(into, items) (common/src/arrays.ts).',
        },
      ],
    },
  },
  {
    // Scripts run by node, with code that runs in a browser page (page.evaluate): no TypeScript to know the globals.
    files: ['**/*.mjs', '**/*.js', '**/*.cjs'],
    rules: { 'no-undef': 'off', '@typescript-eslint/no-require-imports': 'off' },
  },
);
