import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No test replaces our backend with a hand-made stand-in of supabase-js: a fake query builder
 * answers what its author expected, so a wrong filter, a refused row or an expired session goes
 * unseen. Tests run the real server (tests/helpers/server.ts, and tests/helpers/page-server.ts for
 * pages rendered in happy-dom). This test reads every test file's syntax tree and counts the
 * fakes it finds; the count must be zero.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCANNED = ['src', 'server', 'scripts', 'tests', 'bench', 'supabase'];

/** Where supabase-js's client and query builder start: a function under these names fakes them. */
const CLIENT_ENTRIES = new Set(['from', 'rpc', 'invoke']);
/** The query builder's methods: an object of these returning another is a fake chain. */
const BUILDER_METHODS = new Set([
  'select',
  'insert',
  'upsert',
  'update',
  'delete',
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'is',
  'in',
  'not',
  'or',
  'match',
  'filter',
  'contains',
  'order',
  'range',
  'limit',
  'single',
  'maybeSingle',
  'throwOnError',
]);
/** Modules whose replacement by vi.mock is a fake backend. */
const BACKEND_MODULE = /^@supabase\/|(^|\/)lib\/supabase(\.ts)?$/;

export interface Fake {
  line: number;
  what: string;
}

const nameOf = (name: ts.PropertyName | ts.Expression | undefined): string | undefined =>
  name && (ts.isIdentifier(name) || ts.isStringLiteralLike(name)) ? name.text : undefined;

/** The function a property holds, if it holds one written here. */
function functionOf(property: ts.ObjectLiteralElementLike): ts.SignatureDeclaration | undefined {
  if (ts.isMethodDeclaration(property)) return property;
  if (
    ts.isPropertyAssignment(property) &&
    (ts.isArrowFunction(property.initializer) || ts.isFunctionExpression(property.initializer))
  ) {
    return property.initializer;
  }
  return undefined;
}

/** The object literals a function returns (its expression body, or its return statements). */
function returnedObjects(fn: ts.SignatureDeclaration): ts.ObjectLiteralExpression[] {
  const found: ts.ObjectLiteralExpression[] = [];
  const unwrap = (e: ts.Expression): ts.Expression =>
    ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e)
      ? unwrap(e.expression)
      : e;
  const take = (e: ts.Expression | undefined) => {
    const inner = e && unwrap(e);
    if (inner && ts.isObjectLiteralExpression(inner)) found.push(inner);
  };
  const body = (fn as ts.ArrowFunction).body;
  if (!body) return found;
  if (!ts.isBlock(body)) take(body);
  else {
    const visit = (node: ts.Node): void => {
      if (ts.isReturnStatement(node)) take(node.expression);
      if (!ts.isFunctionLike(node)) ts.forEachChild(node, visit);
    };
    ts.forEachChild(body, visit);
  }
  return found;
}

const builderFunctions = (object: ts.ObjectLiteralExpression) =>
  object.properties.filter((p) => BUILDER_METHODS.has(nameOf(p.name) ?? '') && functionOf(p));

/** The stand-ins of supabase-js found in one file's source. */
export function fakesIn(source: string, fileName: string): Fake[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const fakes: Fake[] = [];
  const add = (node: ts.Node, what: string) =>
    fakes.push({ line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, what });

  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const callee = node.expression;
      const target = nameOf(callee.expression);
      const method = callee.name.text;
      const [first, second] = node.arguments;
      if (
        target === 'vi' &&
        (method === 'mock' || method === 'doMock') &&
        first &&
        ts.isStringLiteralLike(first) &&
        BACKEND_MODULE.test(first.text)
      ) {
        add(node, `vi.${method}('${first.text}')`);
      }
      if (
        target === 'vi' &&
        method === 'spyOn' &&
        second &&
        ts.isStringLiteralLike(second) &&
        (CLIENT_ENTRIES.has(second.text) || BUILDER_METHODS.has(second.text))
      ) {
        add(node, `vi.spyOn(…, '${second.text}')`);
      }
    }
    if (ts.isObjectLiteralExpression(node)) {
      for (const property of node.properties) {
        const name = nameOf(property.name);
        const fn = functionOf(property);
        if (!name || !fn) continue;
        if (CLIENT_ENTRIES.has(name)) add(property, `a hand-made ${name}()`);
        else if (
          BUILDER_METHODS.has(name) &&
          returnedObjects(fn).some((o) => builderFunctions(o).length > 0)
        ) {
          add(property, `a hand-made ${name}() chain`);
        }
      }
      // A thenable with builder methods: awaited like a query.
      const then = node.properties.some((p) => nameOf(p.name) === 'then');
      if (then && builderFunctions(node).length > 0) add(node, 'a hand-made thenable query');
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return fakes;
}

const isTestFile = (relative: string) =>
  /\.(test|spec)\.tsx?$/.test(relative) || /^tests\/.*\.tsx?$/.test(relative);

async function testFiles(): Promise<string[]> {
  const files: string[] = [];
  for (const top of SCANNED) {
    const entries = await readdir(path.join(ROOT, top), { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const relative = path.relative(ROOT, path.join(entry.parentPath, entry.name));
      if (relative.includes('node_modules') || !isTestFile(relative)) continue;
      files.push(relative);
    }
  }
  return files.sort();
}

describe('fakes of the supabase-js client in tests', () => {
  it('none: every test talks to the real server', async () => {
    const files = await testFiles();
    // The tree read is the test tree: this file and the page helper are in it.
    expect(files).toContain('tests/integration/no-backend-fakes.test.ts');
    expect(files).toContain('src/admin/blog/blog-page.test.tsx');
    const found: string[] = [];
    for (const file of files) {
      const source = await readFile(path.join(ROOT, file), 'utf8');
      for (const fake of fakesIn(source, file)) found.push(`${file}:${fake.line} ${fake.what}`);
    }
    expect(found).toEqual([]);
  });

  // The shapes fakes took in this repository's tests, and look-alikes that are not fakes.
  it.each([
    ["vi.mock('../../lib/supabase.ts', () => ({ supabase: null }));", 1],
    ["vi.mock('@supabase/supabase-js');", 1],
    ['const client = { rpc: (fn: string) => Promise.resolve(answers[fn]) };', 1],
    [
      `const client = { from: (table: string) => ({
         select: () => ({ eq: () => ({ maybeSingle: () => Promise.resolve(load) }) }),
       }) };`,
      // from(), and the select() and eq() that return the next link.
      3,
    ],
    [
      `const builder = { then: (resolve: never) => resolve, eq(...args: unknown[]) { return builder; } };`,
      1,
    ],
    ['const client = { functions: { invoke: async () => ({ data: null, error }) } };', 1],
    ["vi.spyOn(client, 'from').mockReturnValue(chain);", 1],
    // Not fakes: the real client's methods bound elsewhere, a parser table, a real call.
    [
      'const mine = { from: ours.rest.from.bind(ours.rest), rpc: ours.rest.rpc.bind(ours.rest) };',
      0,
    ],
    ["const parsers = { select: (text: string) => parse('select', text) };", 0],
    ["await admin.from('blog_posts').select('id').eq('slug', 'a');", 0],
    ["vi.mock('./stats-chart.tsx', () => ({ StatsChart: () => null }));", 0],
  ])('counts the fakes in %s', (source, count) => {
    expect(fakesIn(source, 'sample.test.ts')).toHaveLength(count);
  });
});
