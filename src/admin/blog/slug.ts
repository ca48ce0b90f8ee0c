// The same folding as `public.slugify` (supabase/migrations/20261122000100_core_schema.sql), which
// the database trigger applies to whatever slug it is given before making it unique.
const FROM =
  'àáâãäåāçćčèéêëēėęîïíīįìłñńôöòóœøōõßśšûüùúūÿžźżÀÁÂÃÄÅĀÇĆČÈÉÊËĒĖĘÎÏÍĪĮÌŁÑŃÔÖÒÓŒØŌÕẞŚŠÛÜÙÚŪŸŽŹŻ';
const TO =
  'aaaaaaaccceeeeeeeiiiiiilnnoooooooosssuuuuuyzzzaaaaaaaccceeeeeeeiiiiiilnnoooooooosssuuuuuyzzz';

const FOLD = new Map([...FROM].map((char, index) => [char, TO[index]!]));

/**
 * A title's base slug (docs/decisions/012-slugs.md): œ/æ spelled out, accents folded, lowercase,
 * each run of characters outside a-z and 0-9 one hyphen, hyphens trimmed at both ends. The
 * database adds -2, -3… when the slug is taken, and uses 'article' for an empty one.
 *
 * Like the SQL, it folds before lowering, and `lower()` only lowers ASCII letters here: any other
 * character left after folding is outside a-z and becomes a hyphen in both.
 */
export function slugify(value: string | null | undefined): string {
  const spelled = (value ?? '')
    .replaceAll('œ', 'oe')
    .replaceAll('Œ', 'oe')
    .replaceAll('æ', 'ae')
    .replaceAll('Æ', 'ae');
  const folded = [...spelled].map((char) => FOLD.get(char) ?? char).join('');
  return folded
    .replace(/[A-Z]/g, (char) => char.toLowerCase())
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
