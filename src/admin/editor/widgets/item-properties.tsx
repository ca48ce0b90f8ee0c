import {
  orderProperties,
  toFieldPathId,
  type ErrorSchema,
  type FieldPathId,
  type FieldProps,
  type RJSFSchema,
  type UiSchema,
} from '@rjsf/utils';

interface ItemPropertiesProps {
  /** The array field's own props: registry, callbacks, disabled and readonly pass through. */
  field: FieldProps;
  schema: RJSFSchema;
  uiSchema: UiSchema | undefined;
  pathId: FieldPathId;
  formData: unknown;
  errorSchema: ErrorSchema | undefined;
}

/**
 * The properties of one object item, each through rjsf's SchemaField: the theme's label, widget
 * (`ui:widget` of `items` applies) and error list sit beside each input, with rjsf's ids
 * (`root_options_0_title`), so the focus on the first error and validation on blur work as for
 * any other field. Changes carry their full path, as rjsf 6 expects.
 */
export function ItemProperties({
  field,
  schema,
  uiSchema,
  pathId,
  formData,
  errorSchema,
}: ItemPropertiesProps) {
  const { registry } = field;
  const { SchemaField } = registry.fields;
  if (!SchemaField) return null;
  const properties = schema.properties ?? {};
  const names = orderProperties(Object.keys(properties), uiSchema?.['ui:order']);
  const values = (typeof formData === 'object' && formData !== null ? formData : {}) as Record<
    string,
    unknown
  >;
  const errors = errorSchema as Record<string, ErrorSchema | undefined> | undefined;

  // Errors about the item as a whole (an unknown key, say), above its fields.
  const own = errorSchema?.__errors ?? [];
  const fields = names.map((name) => {
    const property = properties[name];
    if (typeof property !== 'object') return null;
    return (
      <SchemaField
        key={name}
        name={name}
        schema={property}
        uiSchema={uiSchema?.[name] as UiSchema | undefined}
        formData={values[name]}
        errorSchema={errors?.[name]}
        fieldPathId={toFieldPathId(name, registry.globalFormOptions, pathId)}
        required={schema.required?.includes(name) ?? false}
        onChange={field.onChange}
        onBlur={field.onBlur}
        onFocus={field.onFocus}
        registry={registry}
        disabled={field.disabled}
        readonly={field.readonly}
        hideError={field.hideError}
      />
    );
  });
  return (
    <>
      {own.length > 0 && !field.hideError && (
        <ul className="field-errors" id={`${pathId.$id}__error`}>
          {own.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
      {fields}
    </>
  );
}
