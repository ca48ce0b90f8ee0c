import { FORMS } from '../../content/generated/forms.ts';
import { MEDIA_BUCKET } from '../../content/media.ts';
import { isEditableSectionType, sectionEditor } from '../../content/section-types.ts';
import { ADMIN_PAGES, adminHref } from '../shell/nav-items.ts';

/** A place of the site that shows a photo: its French name and the editor that changes it. */
export interface MediaPlace {
  label: string;
  href: string;
}

/** A site_content record as the library reads it. */
export interface ContentRow {
  type: string;
  content: unknown;
}

/** A blog post whose cover may be a photo of the library. */
export interface PostCover {
  id: string;
  title: string;
  image_url: string | null;
}

/** Every string in a JSON value, with the path of keys and indexes that leads to it. */
function* strings(
  value: unknown,
  path: (string | number)[] = [],
): Generator<[string, typeof path]> {
  if (typeof value === 'string') yield [value, path];
  else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* strings(item, [...path, index]);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) yield* strings(item, [...path, key]);
  }
}

/** The French title the content type's form carries, its type otherwise. */
function contentLabel(type: string): string {
  return Object.hasOwn(FORMS, type) ? FORMS[type as keyof typeof FORMS].schema.title : type;
}

/** The editor of a content type: a home section's, else the admin page of the same path. */
function contentHref(type: string): string {
  if (isEditableSectionType(type)) return `/admin/${sectionEditor(type).path}`;
  const page = ADMIN_PAGES.find((item) => item.path === type);
  return page ? adminHref(page) : '/admin';
}

/** Where a string found in a record is shown: a free block of the sections list has its own title. */
function placeOf(row: ContentRow, path: (string | number)[]): MediaPlace {
  if (row.type === 'sections' && Array.isArray(row.content) && typeof path[0] === 'number') {
    const section = row.content[path[0]] as { title?: unknown } | undefined;
    if (typeof section?.title === 'string')
      return { label: `Section « ${section.title} »`, href: '/admin' };
  }
  return { label: contentLabel(row.type), href: contentHref(row.type) };
}

/**
 * The name of the bucket's photo an address shows, if it is one: addresses are known by their end,
 * `/media/<name>`, as the database's delete policy knows them, whatever domain they were made on.
 */
export function mediaNameOf(address: string): string | undefined {
  const marker = `/${MEDIA_BUCKET}/`;
  const at = address.lastIndexOf(marker);
  return at < 0 ? undefined : address.slice(at + marker.length);
}

/**
 * Where each photo of `names` is used: any string of a site_content record that shows it, and the
 * cover of a blog post (docs/decisions/024-media-library.md). Each place is named once per photo;
 * a photo used nowhere maps to an empty list.
 */
export function findUsages(
  names: readonly string[],
  content: readonly ContentRow[],
  posts: readonly PostCover[],
): Map<string, MediaPlace[]> {
  const usages = new Map<string, MediaPlace[]>(names.map((name) => [name, []]));
  const add = (address: string, place: MediaPlace) => {
    const name = mediaNameOf(address);
    const places = name === undefined ? undefined : usages.get(name);
    if (places && !places.some((p) => p.label === place.label && p.href === place.href))
      places.push(place);
  };
  for (const row of content) {
    for (const [value, path] of strings(row.content)) add(value, placeOf(row, path));
  }
  for (const post of posts) {
    if (post.image_url !== null)
      add(post.image_url, { label: `Article « ${post.title} »`, href: '/admin/blog' });
  }
  return usages;
}
