import * as validators from './generated/validators.js';
import type { CompiledValidator } from './generated/validators.js';
import { DEFAULT_CONTENT, CONTENT_TYPES } from './generated/defaults.ts';
import type { ContentByType, ContentType } from './generated/types.ts';

/** `blog-post` → `blogPost`: how the generator names each schema's validator. */
function validatorName(name: string): string {
  return name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

export function validatorFor(name: string): CompiledValidator {
  const validate = (validators as unknown as Record<string, CompiledValidator | undefined>)[
    validatorName(name)
  ];
  if (!validate) throw new Error(`No validator generated for "${name}" (run npm run gen).`);
  return validate;
}

export function isContentType(type: string): type is ContentType {
  return (CONTENT_TYPES as readonly string[]).includes(type);
}

/**
 * The content of one type, checked against its schema. Missing or invalid content never breaks a
 * page: it falls back to the type's defaults, and the problem is logged for the developer.
 */
export function parseContent<T extends ContentType>(type: T, raw: unknown): ContentByType[T] {
  if (raw === undefined || raw === null) return DEFAULT_CONTENT[type];
  const validate = validatorFor(type);
  if (validate(raw)) return raw as ContentByType[T];
  console.warn(`Contenu « ${type} » invalide, valeurs par défaut utilisées :`, validate.errors);
  return DEFAULT_CONTENT[type];
}

export type SiteContent = { [T in ContentType]: ContentByType[T] };

/** Every type's content from the rows of site_content (unknown types are ignored). */
export function parseSiteContent(rows: readonly { type: string; content: unknown }[]): SiteContent {
  const byType = new Map(rows.map((row) => [row.type, row.content]));
  const entries = CONTENT_TYPES.map((type) => [type, parseContent(type, byType.get(type))]);
  return Object.fromEntries(entries) as SiteContent;
}
