import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The README's layout is a newcomer's map: every folder of the server and of the repository's top
// level has its line, and every path the map names exists. A folder added without its line, or a
// line left for a folder that is gone, fails here.
const ROOT = path.resolve(import.meta.dirname, '../..');
const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const layout = readme.slice(readme.indexOf('\n## Layout'));
const rows = layout.split('\n').filter((line) => line.startsWith('| `'));
const named = rows.map((line) => /^\| `([^`]+)`/.exec(line)![1]!);

const folders = (dir: string) =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${dir}/${entry.name}/`);

describe("the README's layout", () => {
  it('names every folder of server/ and src/', () => {
    for (const folder of [...folders('server'), ...folders('src')]) {
      expect(named, folder).toContain(folder);
    }
  });

  it('names only folders that exist', () => {
    for (const entry of named.filter((name) => name.endsWith('/') && !name.includes('*'))) {
      expect(readdirSync(path.join(ROOT, entry)), entry).toBeDefined();
    }
  });
});
