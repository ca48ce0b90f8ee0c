import type { LoadedSchema } from './load.ts';

/**
 * The home section types, declared in the schemas themselves:
 *
 * - a content schema that is a home section carries `"x-section": { anchor, label, title,
 *   adminPath }`: its anchor on the home page, its French name in the back-office (navigation,
 *   editor title, sections manager), the title a new section of this type gets (its menu label),
 *   and its editor's route under /admin/;
 * - `sections.schema.json` carries `"x-section-types"`, the section types with no content of their
 *   own (the same block without `adminPath`), and `"x-blocks"`, the owner's free blocks (`{ label }`),
 *   which take their anchor from their id and may appear any number of times.
 *
 * `x-` keys are annotations: validators and database checks ignore them.
 */

export interface SectionTypeDeclaration {
  anchor: string;
  label: string;
  title: string;
  /** Only for a type whose content is the site_content record of the same name. */
  adminPath?: string;
}

interface SectionsDeclarations {
  /** In the order of the default home page, then by name. */
  types: [string, SectionTypeDeclaration][];
  blocks: [string, { label: string }][];
}

const NAME = /^[a-z0-9][a-z0-9-]*$/;

function text(where: string, value: unknown, key: string, problems: string[]): string {
  const field = (value as Record<string, unknown>)[key];
  if (typeof field === 'string' && field.trim()) return field;
  problems.push(`${where} : « ${key} » doit être un texte non vide.`);
  return '';
}

function declaration(
  where: string,
  value: unknown,
  withContent: boolean,
  problems: string[],
): SectionTypeDeclaration {
  if (typeof value !== 'object' || value === null) {
    problems.push(`${where} doit être un objet.`);
    return { anchor: '', label: '', title: '' };
  }
  const allowed = ['anchor', 'label', 'title', ...(withContent ? ['adminPath'] : [])];
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) problems.push(`${where} : clé inconnue « ${key} ».`);
  }
  const result: SectionTypeDeclaration = {
    anchor: text(where, value, 'anchor', problems),
    label: text(where, value, 'label', problems),
    title: text(where, value, 'title', problems),
  };
  if (result.anchor && !NAME.test(result.anchor)) {
    problems.push(`${where} : l'ancre « ${result.anchor} » n'est pas un identifiant valide.`);
  }
  if (withContent) result.adminPath = text(where, value, 'adminPath', problems);
  return result;
}

/** Reads and checks every section declaration; throws with French problems. */
export function sectionDeclarations(schemas: LoadedSchema[]): SectionsDeclarations {
  const problems: string[] = [];
  const types = new Map<string, SectionTypeDeclaration>();
  const blocks = new Map<string, { label: string }>();
  const sections = schemas.find((s) => s.kind === 'content' && s.name === 'sections')?.schema;

  for (const { name, kind, schema } of schemas) {
    if (schema['x-section'] === undefined) continue;
    if (kind !== 'content' || name === 'sections') {
      problems.push(`${name} : « x-section » est réservé aux contenus du site.`);
      continue;
    }
    types.set(name, declaration(`${name} (x-section)`, schema['x-section'], true, problems));
  }
  const own = (sections?.['x-section-types'] ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(own)) {
    if (types.has(name) || schemas.some((s) => s.name === name)) {
      problems.push(`sections (x-section-types) : « ${name} » est déjà un type de contenu.`);
    }
    types.set(name, declaration(`sections (x-section-types.${name})`, value, false, problems));
  }
  const free = (sections?.['x-blocks'] ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(free)) {
    if (types.has(name)) problems.push(`sections (x-blocks) : « ${name} » est déjà un type.`);
    blocks.set(name, { label: text(`sections (x-blocks.${name})`, value, 'label', problems) });
  }

  for (const key of ['anchor', 'adminPath'] as const) {
    const seen = new Map<string, string>();
    for (const [name, entry] of types) {
      const value = entry[key];
      if (!value) continue;
      const other = seen.get(value);
      if (other) problems.push(`${name} et ${other} : même « ${key} » (« ${value} »).`);
      seen.set(value, name);
    }
  }
  for (const name of [...types.keys(), ...blocks.keys()]) {
    if (!NAME.test(name)) problems.push(`« ${name} » n'est pas un nom de type valide.`);
  }

  // The default page: every section of a known type, each registered type at most once, titled as
  // its declaration says (the declaration is what the back-office offers to add back).
  const defaults = (Array.isArray(sections?.default) ? sections.default : []) as {
    id: string;
    type: string;
    title: string;
  }[];
  const order = new Map<string, number>();
  defaults.forEach((section, index) => {
    const entry = types.get(section.type);
    if (!entry && !blocks.has(section.type)) {
      problems.push(`sections (default) : type inconnu « ${section.type} » (${section.id}).`);
    } else if (entry && order.has(section.type)) {
      problems.push(`sections (default) : le type « ${section.type} » apparaît deux fois.`);
    } else if (entry) {
      order.set(section.type, index);
      if (section.title !== entry.title) {
        problems.push(
          `sections (default) : « ${section.id} » doit s'intituler « ${entry.title} » comme le déclare son type.`,
        );
      }
    }
  });
  if (problems.length) throw new Error(`Sections mal déclarées :\n- ${problems.join('\n- ')}`);

  const rank = (name: string) => order.get(name) ?? Number.MAX_SAFE_INTEGER;
  return {
    types: [...types].sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b)),
    blocks: [...blocks],
  };
}

/** The generated module of the section types, shared by the public site and the back-office. */
export function sectionsModule(schemas: LoadedSchema[], banner: string): string {
  const { types, blocks } = sectionDeclarations(schemas);
  const editable = types.filter(([, entry]) => entry.adminPath).map(([name]) => name);
  const line = (name: string, value: unknown) =>
    `  ${JSON.stringify(name)}: ${JSON.stringify(value).replace(/,"/g, ', "').replace(/":/g, '": ')},`;
  return [
    banner,
    '/**',
    " * The home section types, in the order of the default page: each one's anchor, its French name",
    " * in the back-office, the title a new section of this type gets, and its editor's route.",
    ' */',
    'export const SECTION_TYPES = {',
    ...types.map(([name, entry]) => line(name, entry)),
    '} as const;',
    '',
    'export type SectionType = keyof typeof SECTION_TYPES;',
    '',
    '/** The section types whose content is the site_content record of the same name, with an editor. */',
    `export type EditableSectionType = ${editable.map((name) => JSON.stringify(name)).join(' | ') || 'never'};`,
    '',
    "/** The owner's free blocks (title, HTML content, image), anchored by their own id. */",
    'export const BLOCK_TYPES = {',
    ...blocks.map(([name, entry]) => line(name, entry)),
    '} as const;',
    '',
    'export type BlockType = keyof typeof BLOCK_TYPES;',
    '',
  ].join('\n');
}
