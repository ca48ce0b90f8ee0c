import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, frenchError } from '../../src/admin/errors/french-error.ts';
import { uploadErrorMessage } from '../../src/admin/media/upload-photo.ts';
import { compileSchemas } from '../oracles/oracle.ts';

// Storage speaks Supabase's English, `{statusCode, code, error, message}`, on both backends; the
// owner reads the back-office's French (docs/decisions/090-storage-errors-in-english.md). The
// error sites are read from the server's code: every `new StorageError(…)` under server/, and
// where a helper of server/storage/errors.ts takes its message from its caller, every call of it.

const ROOT = path.resolve(import.meta.dirname, '../..');
const ERRORS_FILE = path.join(ROOT, 'server/storage/errors.ts');

function serverFiles(dir = path.join(ROOT, 'server')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
}

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

/**
 * The fixed words of a message: its string literals and the literal parts of its templates, both
 * branches of a condition. Undefined when a part is neither (a value whose words nobody checked).
 */
function wordsOf(node: ts.Expression, params: Set<string>): string[] | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
  if (ts.isConditionalExpression(node)) {
    const [a, b] = [wordsOf(node.whenTrue, params), wordsOf(node.whenFalse, params)];
    return a && b ? [...a, ...b] : undefined;
  }
  if (ts.isParenthesizedExpression(node)) return wordsOf(node.expression, params);
  return undefined;
}

interface Site {
  where: string;
  status: number;
  error: string;
  code: string;
  message: string;
}

interface Helper {
  status: number;
  error: string;
  code: string;
  /** The index of the parameter that is the whole message, when the caller gives it. */
  messageParam?: number;
  words?: string[];
}

const line = (node: ts.Node) => {
  const file = node.getSourceFile();
  return `${path.relative(ROOT, file.fileName)}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
};

/** The helpers of errors.ts (`const x = (…) => new StorageError(…)`), by name. */
function helpers(): Map<string, Helper> {
  const found = new Map<string, Helper>();
  walk(parse(ERRORS_FILE), (node) => {
    if (!ts.isVariableDeclaration(node) || !node.initializer) return;
    const fn = node.initializer;
    if (!ts.isArrowFunction(fn) || !ts.isNewExpression(fn.body)) return;
    const args = fn.body.arguments ?? [];
    const [status, error, code, message] = args;
    const params = fn.parameters.map((p) => p.name.getText());
    const messageParam =
      message && ts.isIdentifier(message) ? params.indexOf(message.text) : undefined;
    found.set(node.name.getText(), {
      status: Number(status!.getText()),
      error: (error as ts.StringLiteral).text,
      code: (code as ts.StringLiteral).text,
      ...(messageParam !== undefined && messageParam >= 0
        ? { messageParam }
        : { words: wordsOf(message!, new Set(params)) }),
    });
  });
  return found;
}

/** Every storage error the server can answer, with the fixed words of its message. */
function errorSites(): Site[] {
  const known = helpers();
  const sites: Site[] = [];
  const problems: string[] = [];
  for (const [name, helper] of known)
    if (helper.messageParam === undefined) {
      if (!helper.words) problems.push(`${name}: a message without fixed words`);
      else sites.push({ where: `errors.ts ${name}`, ...helper, message: helper.words.join(' ') });
    }
  for (const file of serverFiles()) {
    walk(parse(file), (node) => {
      if (
        ts.isNewExpression(node) &&
        node.expression.getText() === 'StorageError' &&
        !(file === ERRORS_FILE && isInsideHelperOrClass(node))
      ) {
        const [status, error, code, message] = node.arguments ?? [];
        const words = message && wordsOf(message, new Set());
        if (!words) problems.push(`${line(node)}: a message without fixed words`);
        else
          sites.push({
            where: line(node),
            status: Number(status!.getText()),
            error: (error as ts.StringLiteral).text,
            code: (code as ts.StringLiteral).text,
            message: words.join(' '),
          });
      }
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const helper = known.get(node.expression.text);
        if (helper?.messageParam === undefined) return;
        const argument = node.arguments[helper.messageParam];
        const words = argument && wordsOf(argument, new Set());
        if (!words) problems.push(`${line(node)}: a message without fixed words`);
        else sites.push({ where: line(node), ...helper, message: words.join(' ') });
      }
    });
  }
  if (problems.length > 0) throw new Error(`Storage errors not checked:\n${problems.join('\n')}`);
  return sites;
}

function isInsideHelperOrClass(node: ts.Node): boolean {
  for (let at = node.parent; at; at = at.parent)
    if (ts.isArrowFunction(at) || ts.isClassDeclaration(at)) return true;
  return false;
}

/** Words that only French has (and no accented letter, which English messages do not use). */
const FRENCH =
  /[àâäçéèêëîïôöùûüÿœæ]|\b(le|la|les|des|du|une?|est|sont|pas|aux?|ou|et|avec|pour|sur|ce|cette|votre|vous|trop|fichiers?|attendu|introuvable|requête|corps|paramètre|entier|texte|erreur|interne|envoyez|photo)\b/i;

describe('storage errors', () => {
  const sites = errorSites();
  const schema = compileSchemas().get('storage/error.schema.json')!;

  it('are found in the server’s code', () => {
    // Each helper of errors.ts at least, and the calls that give their own message.
    expect(sites.length).toBeGreaterThan(helpers().size);
  });

  it.each(sites.map((site) => [site.where, site] as const))(
    '%s speaks Supabase’s English, in its error shape',
    (_where, site) => {
      expect(site.message).not.toMatch(FRENCH);
      expect(site.message).toMatch(/[a-z]/i);
      const body = {
        statusCode: String(site.status),
        code: site.code,
        error: site.error,
        message: site.message,
      };
      expect(schema(body), JSON.stringify(schema.errors)).toBe(true);
    },
  );

  it.each(sites.map((site) => [site.where, site] as const))(
    '%s reaches the owner in French',
    (_where, site) => {
      // As supabase-js hands it over (StorageApiError), from this server and from hosted
      // Supabase, which answers most of them with HTTP 400 and the status in the body.
      for (const httpStatus of [site.status, site.status === 500 ? 500 : 400]) {
        const error = Object.assign(new Error(site.message), {
          name: 'StorageApiError',
          status: httpStatus,
          statusCode: String(site.status),
        });
        const shown = frenchError(error);
        expect(Object.values(ERROR_MESSAGES)).toContain(shown);
        expect(shown).not.toBe(ERROR_MESSAGES.unknown);
        expect(uploadErrorMessage(error)).toMatch(FRENCH);
      }
    },
  );
});
