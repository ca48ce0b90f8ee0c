import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The back-office wires rjsf once (docs/decisions/086-one-form-wiring.md): of every module it
 * ships, found by following the imports from its entry, only the shared form imports `@rjsf/core`,
 * and the blog form is built on that form as the content editor is. A second `<Form>` with its own
 * widgets, templates or messages would show up here.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const ENTRY = 'src/admin/index.ts';
const EDITOR_FORM = 'src/admin/editor/editor-form.tsx';

/** A module's import specifiers, static and dynamic, read from its syntax. */
function importsOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(path.join(ROOT, file), 'utf8'), true, true);
  return info.importedFiles.map((imported) => imported.fileName);
}

/** A relative specifier's module, relative to the project (null for CSS and other assets). */
function resolve(from: string, specifier: string): string | null {
  const base = path.join(path.dirname(from), specifier);
  const candidates = /\.[cm]?[jt]sx?$/.test(base)
    ? [base, base.replace(/\.js$/, '.ts')]
    : [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
  return candidates.find((file) => existsSync(path.join(ROOT, file))) ?? null;
}

/** Every module reachable from `entry`, with its specifiers. */
function moduleGraph(entry: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const queue = [entry];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (graph.has(file)) continue;
    const specifiers = importsOf(file);
    graph.set(file, specifiers);
    for (const specifier of specifiers) {
      if (!specifier.startsWith('.')) continue;
      const target = resolve(file, specifier);
      if (target && !graph.has(target)) queue.push(target);
    }
  }
  return graph;
}

describe('the back-office has one form wiring', () => {
  const graph = moduleGraph(ENTRY);
  const importers = (module: (from: string, specifier: string) => boolean) =>
    [...graph]
      .filter(([file, specifiers]) => specifiers.some((specifier) => module(file, specifier)))
      .map(([file]) => file)
      .sort();

  it('follows the imports through the whole back-office', () => {
    // The walk reaches both forms; a broken resolution would make the checks below vacuous.
    expect(graph.has('src/admin/blog/blog-form.tsx')).toBe(true);
    expect(graph.has('src/admin/editor/content-editor.tsx')).toBe(true);
  });

  it('imports rjsf’s form in one module only', () => {
    expect(importers((_, specifier) => specifier.startsWith('@rjsf/core'))).toEqual([EDITOR_FORM]);
  });

  it('builds the blog form and the content editor on that module', () => {
    const users = importers(
      (file, specifier) => specifier.startsWith('.') && resolve(file, specifier) === EDITOR_FORM,
    );
    expect(users).toEqual(
      expect.arrayContaining([
        'src/admin/blog/blog-form.tsx',
        'src/admin/editor/content-editor.tsx',
      ]),
    );
  });
});
