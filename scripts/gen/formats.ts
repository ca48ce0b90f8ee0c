/**
 * The string formats our schemas use, as regular expressions that mean the same in JavaScript
 * (ajv, inlined into the generated validators, in Unicode mode) and in PostgreSQL (the generated
 * database check, through scripts/gen/regex.ts).
 * They say what this site accepts, which is narrower than the RFCs: web addresses are http(s).
 */
export const FORMATS: Record<string, { pattern: string; flags: string }> = {
  email: { pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', flags: '' },
  // An absolute http(s) address.
  uri: { pattern: '^https?://[^\\s/?#]+[^\\s]*$', flags: 'i' },
  // An absolute http(s) address, or a path on this site (/images/…): not `//host/…` nor `/\host`,
  // which browsers read as another site's address.
  'uri-reference': { pattern: '^(https?://[^\\s/?#]+[^\\s]*|/(?![/\\\\])[^\\s]*)$', flags: 'i' },
  // A calendar date, as the browser's date field gives it.
  date: { pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$', flags: '' },
  'date-time': {
    pattern:
      '^\\d{4}-\\d{2}-\\d{2}[Tt ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?([Zz]|[+-]\\d{2}(:?\\d{2})?)$',
    flags: '',
  },
};
