import { defaultSchema, type Schema } from 'hast-util-sanitize';

/**
 * The one place that decides what owner-written content may contain, for the article markdown
 * and for the HTML of a generic home section alike (docs/product.md#markdown-and-owner-html).
 */

/**
 * The only URL schemes a link (or image) may use; relative URLs are always allowed.
 * react-markdown's `defaultUrlTransform` applies exactly this list to markdown (a unit test
 * holds the two together); `SAFE_HTML_SCHEMA` applies it to the generic block's HTML.
 */
export const SAFE_PROTOCOLS = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'];

/** Attributes that hold a URL, so must follow `SAFE_PROTOCOLS` (hast property names). */
const URL_PROPERTIES = ['href', 'src', 'cite', 'longDesc', 'action', 'formAction', 'poster'];

/** Elements removed with everything inside them, rather than unwrapped to their text. */
const STRIPPED_ELEMENTS = [
  'script',
  'style',
  'iframe',
  'frame',
  'object',
  'embed',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'textarea',
  'title',
  'xmp',
  'select',
];

/** Elements GitHub's schema allows that an owner's text block does not need. */
const DROPPED_TAGS = new Set(['input', 'picture', 'source']);

/** Form attributes of the default schema: no form survives, so they have no use. */
const DROPPED_ATTRIBUTES = new Set(['action', 'method', 'encType', 'accept', 'acceptCharset']);

/**
 * GitHub-like sanitizing (hast-util-sanitize's default schema), tightened: every URL attribute
 * follows the spec's protocols, the form attributes and checkbox inputs go, and the content of
 * script-like elements disappears instead of showing as text. The default schema already drops
 * every `on*` handler and `style`, and prefixes ids and names so they cannot clobber the page.
 */
export const SAFE_HTML_SCHEMA: Schema = {
  ...defaultSchema,
  tagNames: (defaultSchema.tagNames ?? []).filter((tag) => !DROPPED_TAGS.has(tag)),
  attributes: {
    ...defaultSchema.attributes,
    '*': (defaultSchema.attributes?.['*'] ?? []).filter(
      (attribute) => typeof attribute !== 'string' || !DROPPED_ATTRIBUTES.has(attribute),
    ),
  },
  protocols: Object.fromEntries(URL_PROPERTIES.map((property) => [property, SAFE_PROTOCOLS])),
  required: {},
  strip: STRIPPED_ELEMENTS,
  allowComments: false,
  allowDoctypes: false,
};

/**
 * In an article, each newline is doubled into a paragraph break, so the owner's single
 * line breaks become paragraphs.
 */
export function doubleNewlines(markdown: string): string {
  return markdown.replace(/\r\n?/g, '\n').replace(/\n/g, '\n\n');
}

/**
 * The page (or the section) owns the top heading levels; owner content starts below them, so the
 * page keeps a single h1 and a sensible outline.
 */
export const ARTICLE_HEADINGS = { h1: 'h2' } as const;
export const SECTION_HEADINGS = { h1: 'h3', h2: 'h3' } as const;
