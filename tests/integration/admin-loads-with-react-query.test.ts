import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The back-office loads its data with React Query, never by hand
 * (docs/decisions/084-react-query-in-the-back-office.md). A hand-made loader is an effect that
 * waits for something and then sets state: `useEffect(() => { load().then(setRows) })`, or an
 * async function run by the effect that sets state after its first `await`. It has no cache, no
 * key to invalidate after a save, and its own loading and error flags. This test reads every
 * source file of src/admin and counts those effects; the count must be zero.
 *
 * What runs when the effect runs is followed: its body, functions it calls at once (immediately
 * invoked, or declared in the file, `useCallback` included) and the callbacks of `.then`,
 * `.catch` and `.finally`. Functions handed to something else (a listener, a timer, the cleanup
 * returned) run later, on their own event, and are not a load.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCANNED = 'src/admin';

const EFFECTS = new Set(['useEffect', 'useLayoutEffect']);
const CONTINUATIONS = new Set(['then', 'catch', 'finally']);
/** A state setter, by React's naming convention (`const [rows, setRows] = useState()`). */
const SETTER = /^set[A-Z]/;
const TIMERS = new Set(['setTimeout', 'setInterval', 'setImmediate']);
const isSetter = (name: string) => SETTER.test(name) && !TIMERS.has(name);

export interface HandMadeLoad {
  /** The line of the effect. */
  line: number;
  /** The setters it calls once something was awaited. */
  setters: string[];
}

type Fn = ts.FunctionLikeDeclaration;

const isFunction = (node: ts.Node | undefined): node is Fn =>
  node !== undefined &&
  (ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isFunctionDeclaration(node));

const unwrap = (node: ts.Expression): ts.Expression =>
  ts.isParenthesizedExpression(node) ? unwrap(node.expression) : node;

/** The functions of a file by name: declarations, `const f = () => …`, `const f = useCallback(…)`. */
function namedFunctions(file: ts.SourceFile): Map<string, Fn[]> {
  const found = new Map<string, Fn[]>();
  const add = (name: string, fn: Fn) => found.set(name, [...(found.get(name) ?? []), fn]);
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionDeclaration(node) && node.name) add(node.name.text, node);
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const init = unwrap(node.initializer);
      if (isFunction(init)) add(node.name.text, init);
      else if (
        ts.isCallExpression(init) &&
        ts.isIdentifier(init.expression) &&
        init.expression.text === 'useCallback' &&
        isFunction(init.arguments[0])
      ) {
        add(node.name.text, init.arguments[0]);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Where the first `await` of a function's own code is (not of the functions it holds). */
function firstAwait(fn: Fn): number | undefined {
  let at: number | undefined;
  const visit = (node: ts.Node): void => {
    if (at !== undefined || (node !== fn && ts.isFunctionLike(node))) return;
    if (ts.isAwaitExpression(node) || (ts.isForOfStatement(node) && node.awaitModifier)) {
      at = node.getStart();
      return;
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(fn, visit);
  return at;
}

/** The effects of one file's source that set state after waiting for something. */
export function handMadeLoadsIn(source: string, fileName: string): HandMadeLoad[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const functions = namedFunctions(file);
  const loads: HandMadeLoad[] = [];

  /** The setters called in `fn`'s run after something was awaited (`after`: already waited). */
  function settersIn(fn: Fn, after: boolean, entered: Set<string>): string[] {
    // Each function is read once per kind of moment (before or after a wait) per effect.
    const visited = `${fn.getStart()} ${after}`;
    if (entered.has(visited) || !fn.body) return [];
    entered.add(visited);
    const awaited = fn.modifiers?.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword)
      ? firstAwait(fn)
      : undefined;
    // A call ending after the first await ran once it was over: `setRows(await read())` too.
    const waited = (node: ts.Node) => after || (awaited !== undefined && node.getEnd() > awaited);
    const found: string[] = [];
    const enter = (callee: ts.Expression, node: ts.Node) => {
      const target = unwrap(callee);
      if (isFunction(target)) found.push(...settersIn(target, waited(node), entered));
      else if (ts.isIdentifier(target)) {
        for (const named of functions.get(target.text) ?? []) {
          found.push(...settersIn(named, waited(node), entered));
        }
      }
    };
    const visit = (node: ts.Node): void => {
      // A function met here is handed to someone else (listener, timer, cleanup): not followed.
      if (ts.isFunctionLike(node)) return;
      if (ts.isCallExpression(node)) {
        const callee = unwrap(node.expression);
        if (ts.isIdentifier(callee) && isSetter(callee.text) && waited(node)) {
          found.push(callee.text);
        }
        if (ts.isPropertyAccessExpression(callee) && CONTINUATIONS.has(callee.name.text)) {
          visit(callee.expression);
          for (const argument of node.arguments) {
            const value = unwrap(argument);
            if (ts.isIdentifier(value) && isSetter(value.text)) found.push(value.text);
            else if (isFunction(value)) found.push(...settersIn(value, true, entered));
            else visit(argument);
          }
          return;
        }
        enter(callee, node);
      }
      ts.forEachChild(node, visit);
    };
    visit(fn.body);
    return found;
  }

  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = unwrap(node.expression);
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : '';
      const effect = node.arguments[0] && unwrap(node.arguments[0]);
      if (EFFECTS.has(name) && effect) {
        const bodies = isFunction(effect)
          ? [effect]
          : ts.isIdentifier(effect)
            ? (functions.get(effect.text) ?? [])
            : [];
        const setters = bodies.flatMap((body) => settersIn(body, false, new Set()));
        if (setters.length > 0) {
          const line = file.getLineAndCharacterOfPosition(node.getStart()).line + 1;
          loads.push({ line, setters: [...new Set(setters)] });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return loads;
}

async function adminSources(): Promise<string[]> {
  const entries = await readdir(path.join(ROOT, SCANNED), { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.(test|spec)\.tsx?$/.test(e.name))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)))
    .sort();
}

describe('hand-made loaders in the back-office', () => {
  it('none: src/admin loads with React Query', async () => {
    const files = await adminSources();
    // The tree read is the back-office's: the panels that once loaded by hand are in it.
    expect(files).toContain('src/admin/editor/history-panel.tsx');
    expect(files).toContain('src/admin/ai/ai-article-panel.tsx');
    const found: string[] = [];
    for (const file of files) {
      const source = await readFile(path.join(ROOT, file), 'utf8');
      for (const load of handMadeLoadsIn(source, file)) {
        found.push(
          `${file}:${load.line} an effect sets state (${load.setters.join(', ')}) after waiting for a promise`,
        );
      }
    }
    expect(found).toEqual([]);
  });

  // The shapes the back-office's loaders had, and effects that wait or set state but load nothing.
  it.each([
    [
      `useEffect(() => {
         let live = true;
         load().then(
           (versions) => live && setState({ kind: 'ready', versions }),
           () => { if (live) setState({ kind: 'failed' }); },
         );
         return () => { live = false; };
       }, [load]);`,
      [{ line: 1, setters: ['setState'] }],
    ],
    [
      `function Panel() {
         const show = (next) => setMessage(next);
         useEffect(() => {
           void (async () => {
             try {
               const key = await fetchStoredKey(client);
               if (key) setStoredKey(key);
               else show('none');
             } catch { show('failed'); }
           })();
         }, [client]);
       }`,
      [{ line: 3, setters: ['setStoredKey', 'setMessage'] }],
    ],
    [
      `const load = useCallback(async () => {
         setState({ kind: 'loading' });
         setState({ kind: 'ready', posts: await listDeletedPosts(client) });
       }, [client]);
       useEffect(() => { void load(); }, [load]);`,
      [{ line: 5, setters: ['setState'] }],
    ],
    [
      'useEffect(() => { void client.auth.getUser().then(setUser); }, [client]);',
      [{ line: 1, setters: ['setUser'] }],
    ],
    [
      'useEffect(refresh, []); async function refresh() { setRows(await read()); }',
      [{ line: 1, setters: ['setRows'] }],
    ],
    // Not loads: a timer, a listener's own work, state set before anything is awaited, a cleanup.
    [
      `useEffect(() => {
         if (status.kind !== 'saved') return;
         const timer = setTimeout(() => setStatus({ kind: 'idle' }), 3000);
         return () => clearTimeout(timer);
       }, [status]);`,
      [],
    ],
    [
      `useEffect(() => {
         const stop = onSessionRejected((reason) => {
           void client.auth.signOut({ scope: 'local' }).finally(() => setExpired(true));
         });
         return stop;
       }, []);`,
      [],
    ],
    [
      `useEffect(() => {
         setStatus({ kind: 'pending' });
         const timer = setTimeout(() => void saveNow(value), delay);
         return () => clearTimeout(timer);
       }, [value]);`,
      [],
    ],
    ['useEffect(() => () => { void flush().then(() => setSent(true)); }, []);', []],
    ['useEffect(() => { void client.removeChannel(channel); }, [channel]);', []],
    ["const { data } = useQuery({ queryKey: ['admin', 'x'], queryFn: read });", []],
  ])('finds the hand-made loads in %s', (source, expected) => {
    expect(handMadeLoadsIn(source, 'sample.tsx')).toEqual(expected);
  });
});
