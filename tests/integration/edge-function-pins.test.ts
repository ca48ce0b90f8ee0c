import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The edge functions run on hosted Supabase with the packages their deno.json names, and here
// with the ones package.json installs: the versions must be the same, or the tests here test
// other code than hosted Supabase runs.

const ROOT = path.resolve(import.meta.dirname, '../..');
const FUNCTIONS = path.join(ROOT, 'supabase', 'functions');

const functions = (await readdir(FUNCTIONS, { withFileTypes: true }))
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
  .map((entry) => entry.name);

const pkg = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const installed = { ...pkg.devDependencies, ...pkg.dependencies };

describe.each(functions)('supabase/functions/%s/deno.json', (name) => {
  it('pins every npm package to the version package.json installs', async () => {
    const map = JSON.parse(await readFile(path.join(FUNCTIONS, name, 'deno.json'), 'utf8')) as {
      imports: Record<string, string>;
    };
    const pins = Object.values(map.imports).map((target) => {
      const match = /^npm:\/?((?:@[^/@]+\/)?[^/@]+)@([^/]+)\/?$/.exec(target);
      expect(match, `an npm: specifier with a version: ${target}`).not.toBeNull();
      return { name: match![1]!, version: match![2]! };
    });
    expect(pins.length).toBeGreaterThan(0);
    for (const pin of pins)
      expect(`${pin.name}@${pin.version}`).toBe(`${pin.name}@${installed[pin.name]}`);
  });
});
