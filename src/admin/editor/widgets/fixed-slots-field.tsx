import { descriptionId, type ErrorSchema, type FieldProps, type UiSchema } from '@rjsf/utils';
import { fieldTitle, itemPathId, itemSchemaOf } from './field-utils.ts';
import { ItemProperties } from './item-properties.tsx';

/**
 * `ui:field: "fixedSlots"`, for an array with a fixed number of object items (the three
 * financing options): one group per slot, named after the item title ("Option 1"…), with no
 * add or remove. Missing items up to `minItems` are shown empty so every slot can be filled.
 */
export function FixedSlotsField(props: FieldProps) {
  const { fieldPathId, formData, errorSchema, schema, uiSchema } = props;
  const items: unknown[] = Array.isArray(formData) ? formData : [];
  const count = Math.max(items.length, schema.minItems ?? 0);
  const errors = errorSchema as Record<number, ErrorSchema | undefined> | undefined;
  const itemUiSchema = uiSchema?.items as UiSchema | undefined;
  const description = schema.description;

  return (
    <fieldset
      className="fixed-slots"
      id={fieldPathId.$id}
      aria-describedby={description ? descriptionId(fieldPathId) : undefined}
    >
      <legend>{fieldTitle(props)}</legend>
      {description && (
        <p className="field-description" id={descriptionId(fieldPathId)}>
          {description}
        </p>
      )}
      <div className="fixed-slots__slots">
        {Array.from({ length: count }, (_, index) => {
          const item = items[index];
          const itemSchema = itemSchemaOf(props, item);
          const pathId = itemPathId(props, index);
          return (
            <fieldset key={index} className="fixed-slots__slot" id={pathId.$id}>
              <legend>{`${itemSchema.title ?? 'Élément'} ${index + 1}`}</legend>
              <ItemProperties
                field={props}
                schema={itemSchema}
                uiSchema={itemUiSchema}
                pathId={pathId}
                formData={item}
                errorSchema={errors?.[index]}
              />
            </fieldset>
          );
        })}
      </div>
    </fieldset>
  );
}
