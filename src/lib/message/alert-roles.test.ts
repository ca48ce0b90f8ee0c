import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every message of the site, the back-office and the app shell goes through the message component
 * (docs/decisions/082-one-message-component.md): it alone decides between `role="alert"` and
 * `role="status"`. This test reads the syntax tree of every source file under src/ and lists each
 * place outside the component's folder that sets a role of `alert` itself, or a role chosen at run
 * time (which may be `alert`). The list must be empty.
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const HOME = path.relative(ROOT, fileURLToPath(new URL('.', import.meta.url)));

export interface AlertRole {
  line: number;
  what: string;
}

/** Whether the expression says 'alert' anywhere (a literal, a branch of a condition…). */
function saysAlert(node: ts.Node): boolean {
  if (ts.isStringLiteralLike(node) && node.text === 'alert') return true;
  return ts.forEachChild(node, (child) => saysAlert(child) || undefined) ?? false;
}

/** 'alert' said, or a value computed at run time; a fixed other role is fine. */
function alertOrComputed(value: ts.Expression): 'alert' | 'computed' | undefined {
  if (saysAlert(value)) return 'alert';
  return ts.isStringLiteralLike(value) ? undefined : 'computed';
}

const nameOf = (name: ts.Node | undefined): string | undefined =>
  name && (ts.isIdentifier(name) || ts.isStringLiteralLike(name)) ? name.text : undefined;

/** The places in one file's source that set an alert role by hand. */
export function alertRolesIn(source: string, fileName: string): AlertRole[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: AlertRole[] = [];
  const add = (node: ts.Node, what: string) =>
    found.push({ line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, what });

  const visit = (node: ts.Node): void => {
    // <p role="alert">, <p role={failed ? 'alert' : 'status'}>, <p role={role}>
    if (ts.isJsxAttribute(node) && nameOf(node.name) === 'role' && node.initializer) {
      const value = ts.isJsxExpression(node.initializer)
        ? node.initializer.expression
        : node.initializer;
      const kind = value && alertOrComputed(value);
      if (kind) add(node, kind === 'alert' ? 'role="alert"' : 'a role chosen at run time');
    }
    // { role: 'alert' }, as given to createElement or spread into JSX
    if (
      ts.isPropertyAssignment(node) &&
      nameOf(node.name) === 'role' &&
      saysAlert(node.initializer)
    ) {
      add(node, "role: 'alert'");
    }
    // element.setAttribute('role', …)
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'setAttribute'
    ) {
      const [attribute, value] = node.arguments;
      const kind = attribute && nameOf(attribute) === 'role' && value && alertOrComputed(value);
      if (kind) {
        add(node, kind === 'alert' ? "setAttribute('role', 'alert')" : "setAttribute('role', …)");
      }
    }
    // element.role = 'alert'
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(node.left) &&
      node.left.name.text === 'role' &&
      saysAlert(node.right)
    ) {
      add(node, "role = 'alert'");
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

async function sourceFiles(): Promise<string[]> {
  const entries = await readdir(path.join(ROOT, 'src'), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe('alert roles written by hand', () => {
  it('none outside the message component', async () => {
    const files = await sourceFiles();
    // The tree read is the source tree, the component's folder included and then set aside.
    expect(files).toContain(path.join(HOME, 'message.tsx'));
    expect(files).toContain('src/admin/admin-app.tsx');
    expect(files).toContain('src/site/alert/alert-banner.tsx');
    const found: string[] = [];
    for (const file of files) {
      if (file.startsWith(HOME + path.sep)) continue;
      const source = await readFile(path.join(ROOT, file), 'utf8');
      for (const place of alertRolesIn(source, file))
        found.push(`${file}:${place.line} ${place.what}`);
    }
    expect(found).toEqual([]);
  });

  // The shapes alerts took in this repository before the component, and look-alikes that are not.
  it.each([
    ['<p className="form__error" role="alert">Erreur</p>', 1],
    ["<p role={error ? 'alert' : 'status'}>{text}</p>", 1],
    ['<p role={role}>{text}</p>', 1],
    ["const p = { role: 'alert', children: text };", 1],
    ["p.setAttribute('role', 'alert');", 1],
    ["p.setAttribute('role', role);", 1],
    ["p.role = 'alert';", 1],
    // Not alerts: a fixed other role, reading roles in tests, another kind of role, the component.
    ['<p role="status">Enregistré</p>', 0],
    ["<div role={'region'} />", 0],
    ["screen.getByRole('alert');", 0],
    ['container.querySelector(\'[role="alert"]\');', 0],
    ["const user = { role: 'admin' };", 0],
    ["p.setAttribute('aria-live', 'assertive');", 0],
    ['<Message kind="error">Erreur</Message>', 0],
  ])('counts the alert roles in %s', (source, count) => {
    expect(alertRolesIn(source, 'sample.tsx')).toHaveLength(count);
  });
});
