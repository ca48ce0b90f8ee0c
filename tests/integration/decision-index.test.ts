import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The index of docs/decisions lists every record once, under its own title, with a status; a
// record added without its line (or a line left for a record that is gone) fails here.
const DIR = path.resolve(import.meta.dirname, '../../docs/decisions');
const records = readdirSync(DIR).filter((name) => /^\d{3}-.+\.md$/.test(name));
const index = readFileSync(path.join(DIR, 'README.md'), 'utf8');
const lines = index.split('\n').filter((line) => /^\| \[\d{3}\]/.test(line));

describe('the index of decision records', () => {
  it('has one line per record, with the title the record gives itself and a status', () => {
    expect(lines).toHaveLength(records.length);
    for (const name of records) {
      const title = readFileSync(path.join(DIR, name), 'utf8')
        .split('\n')[0]!
        .replace(/^# \d{3} — /, '');
      const line = lines.find((candidate) => candidate.includes(`](${name})`));
      expect(line, name).toBeDefined();
      const [, decision, status] = line!
        .replace(/^\|\s*|\s*\|$/g, '')
        .split(' | ')
        .map((cell) => cell.trim());
      expect(decision, name).toBe(title);
      expect(status, name).toMatch(/^(current|superseded by \d{3})/);
    }
  });

  it('names only records that exist, and a superseding record that exists', () => {
    for (const line of lines) {
      const target = /\]\(([^)]+)\)/.exec(line)![1]!;
      expect(records).toContain(target);
      const by = /superseded by (\d{3})/.exec(line)?.[1];
      if (by) expect(records.some((name) => name.startsWith(`${by}-`))).toBe(true);
    }
  });
});
