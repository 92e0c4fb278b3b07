// What a person sees of the manifest and walkthrough: no codicon syntax
// shown as text, no repository paths in setting descriptions, every setting
// editable in the settings UI (no union types).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

const root = path.join(__dirname, '..', '..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  contributes: {
    configuration: {
      title: string;
      properties: Record<string, { type: unknown; scope?: string; description?: string; markdownDescription?: string }>;
    };
  };
};

describe('the manifest and walkthrough as shown', () => {
  it('the walkthrough shows no literal $(icon) text (Markdown does not render codicons)', () => {
    for (const file of readdirSync(path.join(root, 'walkthrough')).filter((f) => f.endsWith('.md'))) {
      assert.doesNotMatch(readFileSync(path.join(root, 'walkthrough', file), 'utf8'), /\$\([a-z-]+\)/, file);
    }
  });

  it('settings: titled "MediaWiki Query", no repository paths in descriptions, one plain type each', () => {
    const { title, properties } = manifest.contributes.configuration;
    assert.equal(title, 'MediaWiki Query');
    for (const [key, setting] of Object.entries(properties)) {
      const text = `${setting.description ?? ''} ${setting.markdownDescription ?? ''}`;
      assert.doesNotMatch(text, /\bdocs\/|\.\.\/|\bsrc\//, `${key} points at a repository path`);
      assert.equal(typeof setting.type, 'string', `${key}: a union type is "Edit in settings.json" only`);
    }
  });

  it('settings: each description names a MediaWiki query, so searching Settings for "MediaWiki Query" finds them all', () => {
    // VS Code (1.100) matches every word of a search in a setting's key or description; the group's title is not searched.
    for (const [key, setting] of Object.entries(manifest.contributes.configuration.properties)) {
      const text = `${setting.description ?? ''} ${setting.markdownDescription ?? ''}`.toLowerCase();
      assert.ok(text.includes('mediawiki') && text.includes('query'), `${key}: "${text.trim()}"`);
    }
  });

  it("settings that unmask or widen what is sent are the person's own: a workspace cannot set them (application or machine scope)", () => {
    // Unmasking: safeEnvironmentVariables. Widening what goes out, and to where: the contact in every
    // User-Agent, catalogues fetched from any wiki a file names, the file's titles and users sent for content checks.
    const widening = ['mwquery.safeEnvironmentVariables', 'mwquery.contact', 'mwquery.catalogue.autoFetch', 'mwquery.contentChecks'];
    const { properties } = manifest.contributes.configuration;
    for (const key of widening) {
      assert.ok(properties[key], `${key} is a setting`);
      assert.ok(
        properties[key]!.scope === 'application' || properties[key]!.scope === 'machine',
        `${key} has scope ${properties[key]!.scope ?? 'window (the default)'}: a workspace's .vscode/settings.json could set it`,
      );
    }
  });
});
