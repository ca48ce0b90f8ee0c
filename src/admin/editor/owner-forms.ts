import { FORMS, type FormName } from '../../content/generated/forms.ts';

/**
 * The forms the owner edits in the back-office with the generic editor: every generated form but
 * those visitors fill in on the site, marked `"x-visitor-form": true` in their schema
 * (docs/decisions/032-requests.md).
 */
export const OWNER_FORMS: FormName[] = (Object.keys(FORMS) as FormName[]).filter(
  (name) => !(FORMS[name].schema as Record<string, unknown>)['x-visitor-form'],
);
