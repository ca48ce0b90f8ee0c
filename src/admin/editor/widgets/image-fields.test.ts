import { describe, expect, it } from 'vitest';
import { FORMS } from '../../../content/generated/forms.ts';

// Every image field of every form offers the image widget, and with it « Téléverser une photo »:
// an image is a `uri-reference` in the schemas, and its widget is named by the form's ui schema.

type Node = Record<string, unknown>;

/** Each `uri-reference` field of a schema, with its ui schema and its nearest list's. */
function* imageFields(
  schema: Node,
  root: Node,
  ui: Node | undefined,
  path: string,
  listUi?: Node,
): Generator<{ path: string; ui: Node | undefined; listUi: Node | undefined }> {
  const ref = schema.$ref;
  if (typeof ref === 'string') {
    const target = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<Node>((node, key) => node[key] as Node, root);
    yield* imageFields(target, root, ui, path, listUi);
    return;
  }
  if (schema.format === 'uri-reference') yield { path, ui, listUi };
  for (const [key, child] of Object.entries((schema.properties ?? {}) as Record<string, Node>)) {
    yield* imageFields(child, root, ui?.[key] as Node | undefined, `${path}/${key}`, listUi);
  }
  if (schema.items && typeof schema.items === 'object') {
    yield* imageFields(schema.items as Node, root, ui?.items as Node | undefined, `${path}/*`, ui);
  }
}

/** The sub-schema of a top-level field (the single image fields are all top-level). */
function schemaAt(schema: Node, path: string): Node {
  const properties = schema.properties as Record<string, Node>;
  return properties[path.slice(1)] ?? {};
}

const FORMS_WITH_UI = Object.entries(FORMS).filter(
  // The sections list has its own form (the sections panel), with its own upload.
  ([type]) => type !== 'sections',
);

describe('image fields', () => {
  it('the forms have image fields to check', () => {
    const count = FORMS_WITH_UI.flatMap(([, form]) => [
      ...imageFields(form.schema as Node, form.schema as Node, form.uiSchema as Node, ''),
    ]).length;
    expect(count).toBeGreaterThan(0);
  });

  for (const [type, form] of FORMS_WITH_UI) {
    const fields = [
      ...imageFields(form.schema as Node, form.schema as Node, form.uiSchema as Node, ''),
    ];
    for (const field of fields) {
      it(`${type}${field.path} is shown with the image widget`, () => {
        const own = field.ui?.['ui:widget'];
        const list = field.listUi?.['ui:field'];
        expect(own === 'imageChoice' || list === 'imageList').toBe(true);
      });
      if (field.ui?.['ui:widget'] === 'imageChoice') {
        // The widget takes an address, a path on the site or an uploaded photo: its help says so.
        it(`${type}${field.path} says which images it accepts`, () => {
          const description = schemaAt(form.schema as Node, field.path).description;
          expect(description).toContain('https://');
          expect(description).toContain('/images/');
          expect(description).toContain('« Téléverser une photo »');
        });
      }
    }
  }
});
