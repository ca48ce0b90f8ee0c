import { useState } from 'react';
import {
  descriptionId,
  getUiOptions,
  toFieldPathId,
  type ErrorSchema,
  type FieldProps,
  type UiSchema,
} from '@rjsf/utils';
import {
  fieldTitle,
  itemPathId,
  itemSchemaOf,
  movedErrors,
  useFocusAfterRender,
} from './field-utils.ts';
import { ImageChoiceWidget, parseChoices } from './image-choice.tsx';
import { ItemProperties } from './item-properties.tsx';
import { useRowKeys } from './use-row-keys.ts';

/**
 * `ui:field: "imageList"`, for an array of `{ image, alt }` slides, with
 * `ui:options.choices: [{ src, label }]` offered as thumbnails for each slide's image.
 */
export function ImageListField(props: FieldProps) {
  const { fieldPathId, formData, errorSchema, schema, uiSchema, registry, onChange } = props;
  const items: unknown[] = Array.isArray(formData) ? formData : [];
  const { keys, commit, newKey } = useRowKeys(items);
  const [message, setMessage] = useState('');
  // Slides are folded to one line (thumbnail and text) so that the editor stays short; a slide
  // opens on a click, when added, or when it has an error.
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
  const setOpen = (key: string, open: boolean) =>
    setOpened((current) => {
      if (current.has(key) === open) return current;
      const next = new Set(current);
      if (open) next.add(key);
      else next.delete(key);
      return next;
    });
  const focusLater = useFocusAfterRender();
  const choices = parseChoices(getUiOptions(uiSchema, registry.globalUiOptions).choices);
  const errors = errorSchema as Record<number, ErrorSchema | undefined> | undefined;
  const locked = Boolean(props.disabled || props.readonly);
  const canAdd = schema.maxItems === undefined || items.length < schema.maxItems;
  const canRemove = schema.minItems === undefined || items.length > schema.minItems;
  const description = schema.description;

  // The image of each slide uses the image choice, whatever `items` says about other fields.
  const baseItemUi = (uiSchema?.items ?? {}) as UiSchema;
  const itemUiSchema: UiSchema = {
    ...baseItemUi,
    image: {
      'ui:widget': ImageChoiceWidget,
      ...(baseItemUi.image as UiSchema | undefined),
      'ui:options': { choices, ...(baseItemUi.image as UiSchema | undefined)?.['ui:options'] },
    },
  };

  const add = () => {
    const blank = registry.schemaUtils.getDefaultFormState(itemSchemaOf(props)) ?? {};
    const slide = { ...(blank as object), ...(choices[0] ? { image: choices[0].src } : {}) };
    const key = newKey();
    commit([...items, slide], [...keys, key]);
    setOpen(key, true);
    onChange([...items, slide], fieldPathId.path);
    setMessage(`Image ${items.length + 1} ajoutée.`);
    const added = itemPathId(props, items.length);
    focusLater(toFieldPathId('alt', registry.globalFormOptions, added).$id);
  };

  const remove = (index: number) => {
    const next = items.filter((_, i) => i !== index);
    commit(
      next,
      keys.filter((_, i) => i !== index),
    );
    onChange(
      next,
      fieldPathId.path,
      movedErrors(errorSchema, next.length, (i) => (i < index ? i : i + 1)),
    );
    setMessage(`Image ${index + 1} supprimée.`);
    focusLater(
      next.length > 0
        ? `${fieldPathId.$id}-summary-${Math.min(index, next.length - 1)}`
        : `${fieldPathId.$id}-add`,
    );
  };

  return (
    <fieldset
      className="image-list"
      id={fieldPathId.$id}
      aria-describedby={description ? descriptionId(fieldPathId) : undefined}
    >
      <legend>{fieldTitle(props)}</legend>
      {description && (
        <p className="field-description" id={descriptionId(fieldPathId)}>
          {description}
        </p>
      )}
      {items.length === 0 && <p className="image-list__empty">Aucune image pour l’instant.</p>}
      <ol className="image-list__slides">
        {items.map((item, index) => {
          const pathId = itemPathId(props, index);
          const key = keys[index] ?? String(index);
          const slide = (item ?? {}) as { image?: unknown; alt?: unknown };
          const alt = typeof slide.alt === 'string' && slide.alt.trim() ? slide.alt : null;
          const open = opened.has(key) || errors?.[index] !== undefined;
          return (
            <li key={key} className="image-list__slide">
              <details open={open} onToggle={(event) => setOpen(key, event.currentTarget.open)}>
                <summary id={`${fieldPathId.$id}-summary-${index}`} className="image-list__summary">
                  {typeof slide.image === 'string' && slide.image && (
                    <img
                      className="image-list__thumb"
                      src={slide.image}
                      alt=""
                      width={64}
                      height={40}
                      loading="lazy"
                    />
                  )}
                  <span>
                    {`Image ${index + 1} : `}
                    {alt ?? <em>sans description</em>}
                  </span>
                </summary>
                <fieldset id={pathId.$id}>
                  <legend>{`Image ${index + 1}`}</legend>
                  <ItemProperties
                    field={props}
                    schema={itemSchemaOf(props, item)}
                    uiSchema={itemUiSchema}
                    pathId={pathId}
                    formData={item}
                    errorSchema={errors?.[index]}
                  />
                  <button
                    type="button"
                    className="widget-button widget-button--danger"
                    id={`${fieldPathId.$id}-remove-${index}`}
                    disabled={locked || !canRemove}
                    onClick={() => remove(index)}
                  >
                    Supprimer<span className="visually-hidden">{` l’image ${index + 1}`}</span>
                  </button>
                </fieldset>
              </details>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="widget-button"
        id={`${fieldPathId.$id}-add`}
        disabled={locked || !canAdd}
        onClick={add}
      >
        Ajouter une image
      </button>
      <p className="widget-status visually-hidden" role="status">
        {message}
      </p>
    </fieldset>
  );
}
