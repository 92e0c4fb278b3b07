// What "Create .mwquery.json" writes (read by common/src/jsonc.ts like any
// `.mwquery.json`).

/** What "Create .mwquery.json" writes: one wiki to start from, and how to add more. */
export const EXAMPLE_WORKSPACE_FILE = `// Wikis for the .mwq files of this folder (MediaWiki Query). Commit it so that
// your team shares them. Pick one from the status bar: queries without an
// @endpoint or a URL line of their own go to it, and are checked against its
// catalogue (modules, parameters, namespaces).
{
  "environments": {
    "enwiki": { "endpoint": "https://en.wikipedia.org/w/api.php" }
    // More wikis, each with a name of your choice:
    // "local": { "endpoint": "http://127.0.0.1:8080/api.php" },
    // With a bot-password account (the password goes to secret storage,
    // "MediaWiki Query: Set Bot Password for the Environment"):
    // "mywiki": { "endpoint": "https://wiki.example.org/w/api.php", "user": "Me@mybot" }
  }
}
`;
