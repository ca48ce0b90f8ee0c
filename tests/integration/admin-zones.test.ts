import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The back-office's features keep their internals (docs/decisions/085-admin-zones.md). ESLint, with
// the repository's own configuration, lints a probe file placed in each folder of src/admin as it
// is on disk: an import of another feature's file must be refused, the imports the zones allow
// must pass. The folders, the shared ones and the files come from the disk and the configuration.
const ROOT = path.resolve(import.meta.dirname, '../..');
const ADMIN = path.join(ROOT, 'src/admin');
const configUrl = pathToFileURL(path.join(ROOT, 'eslint.config.js')).href;
const { ADMIN_SHARED_FOLDERS: shared } = (await import(configUrl)) as {
  ADMIN_SHARED_FOLDERS: readonly string[];
};

const RULE = 'import-x/no-restricted-paths';
const eslint = new ESLint({ cwd: ROOT, ruleFilter: ({ ruleId }) => ruleId === RULE });

const entries = (dir: string) => readdirSync(dir, { withFileTypes: true });
const folders = entries(ADMIN)
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const features = folders.filter((folder) => !shared.includes(folder));
const rootFiles = entries(ADMIN)
  .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
  .map((entry) => entry.name);

/** A module of the folder other than its entry: what the zones keep to the folder itself. */
function internalFile(folder: string): string | undefined {
  return entries(path.join(ADMIN, folder))
    .map((entry) => entry.name)
    .filter((name) => /\.tsx?$/.test(name) && name !== 'index.ts' && !name.includes('.test.'))
    .sort()[0];
}

const hasEntry = (folder: string) =>
  entries(path.join(ADMIN, folder)).some((entry) => entry.name === 'index.ts');

/** The zone errors ESLint reports for a new file of `folder` made of these imports. */
async function zoneErrors(folder: string, specifiers: string[]): Promise<string[]> {
  const code = specifiers.map((specifier) => `import '${specifier}';\n`).join('');
  const [result] = await eslint.lintText(code, {
    filePath: path.join(ADMIN, folder, 'zone-probe.ts'),
  });
  return result!.messages.filter((message) => message.ruleId === RULE).map((m) => m.message);
}

/** Each folder with a feature to reach into: the next feature of the listing that has a module. */
const reachable = features.filter((feature) => internalFile(feature) !== undefined);
function otherFeature(folder: string): string {
  const others = reachable.filter((feature) => feature !== folder);
  return others[folders.indexOf(folder) % others.length]!;
}

describe('the zones of the back-office', () => {
  it('splits src/admin into shared folders that exist and features', () => {
    for (const folder of shared) expect(folders, folder).toContain(folder);
    expect(reachable.length).toBeGreaterThan(1);
  });

  it('refuses every folder, shared or feature, a file of another feature, and names the way', async () => {
    for (const folder of folders) {
      const feature = otherFeature(folder);
      const errors = await zoneErrors(folder, [`../${feature}/${internalFile(feature)}`]);
      expect(errors, `${folder} → ${feature}`).toHaveLength(1);
      expect(errors[0]).toContain('index.ts');
    }
  });

  it("refuses every folder the app's root files", async () => {
    for (const folder of folders) {
      const errors = await zoneErrors(
        folder,
        rootFiles.map((file) => `../${file}`),
      );
      expect(errors, folder).toHaveLength(rootFiles.length);
    }
  });

  it("lets every folder import its own files, the shared folders' and another feature's index.ts", async () => {
    for (const folder of folders) {
      const own = internalFile(folder);
      const allowed = [
        ...(own ? [`./${own}`] : []),
        ...shared
          .filter((other) => other !== folder && internalFile(other) !== undefined)
          .map((other) => `../${other}/${internalFile(other)}`),
        ...features
          .filter((feature) => feature !== folder && hasEntry(feature))
          .map((feature) => `../${feature}/index.ts`),
      ];
      expect(await zoneErrors(folder, allowed), folder).toEqual([]);
    }
  });
});
