// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { validatorFor } from '../../content/content.ts';
import { concreteRules } from '../../content/completeness.ts';
import { FIELD_RULES } from '../../content/generated/completeness.ts';
import { DEFAULT_CONTENT } from '../../content/generated/defaults.ts';
import { FORMS } from '../../content/generated/forms.ts';
import { ContentEditor } from '../editor/content-editor.tsx';
import { createContentValidator } from '../editor/content-validator.ts';
import { render, unmount } from '../editor/dom-test-utils.ts';
import { FIELDS, WIDGETS } from '../editor/widgets/index.ts';
import { contentEditor } from '../shell/admin-routes.ts';
import { fieldElementId, fieldHref } from './field-address.ts';

afterEach(unmount);

// Each item of « À compléter » opens its field in one click: an editor route, and an element
// of that editor's form with the id the address names.
describe('the address of a field to complete', () => {
  for (const [type, rules] of Object.entries(FIELD_RULES)) {
    it(`leads to a field of the « ${type} » editor for each declared rule`, async () => {
      expect(contentEditor(type), type).toBeDefined();
      const { schema, uiSchema } = FORMS[type as keyof typeof FORMS] as unknown as {
        schema: RJSFSchema;
        uiSchema: UiSchema;
      };
      // Each list a rule goes through holds at least one item, so that its fields are shown.
      const content = structuredClone(
        DEFAULT_CONTENT[type as keyof typeof DEFAULT_CONTENT],
      ) as unknown as Record<string, unknown>;
      for (const rule of rules.filter((r) => r.path.includes('*'))) {
        const list = content[rule.path[0]!];
        if (Array.isArray(list) && list.length === 0) list.push({});
      }
      const container = await render(
        <ContentEditor
          schema={schema}
          uiSchema={uiSchema}
          validator={createContentValidator(schema, validatorFor(type))}
          initialData={content}
          onSave={async () => {}}
          widgets={WIDGETS}
          fields={FIELDS}
        />,
      );
      const concrete = rules.flatMap((declared) => concreteRules(declared, content));
      expect(concrete.length).toBeGreaterThanOrEqual(rules.length);
      for (const rule of concrete) {
        const href = fieldHref(type, rule.path)!;
        expect(href).toMatch(new RegExp(`^/admin/${contentEditor(type)!.path}\\?champ=`));
        const named = new URL(href, 'http://site').searchParams.get('champ')!.split('.');
        expect(named).toEqual(rule.path);
        const id = fieldElementId(named);
        expect(container.ownerDocument.getElementById(id), id).not.toBeNull();
      }
    });
  }
});
