import type {
  ArrayFieldDescriptionProps,
  ArrayFieldItemTemplateProps,
  ArrayFieldTemplateProps,
  ArrayFieldTitleProps,
  ObjectFieldTemplateProps,
} from '@rjsf/utils';
import { buttonId, descriptionId, getUiOptions, titleId } from '@rjsf/utils';
import { useRef, type MouseEvent } from 'react';
import { firstField } from '../first-field.ts';

// Sub-templates come from the registry (this theme's), not from per-field uiSchema overrides,
// which our form hints do not use.

/**
 * An object: a fieldset with its title as legend. The form's root object is the page itself (its
 * title is the page's h1), so it renders its fields only.
 */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { fieldPathId, properties, title, description, required, registry, schema, uiSchema } =
    props;
  const isRoot = fieldPathId.path.length === 0;
  if (isRoot) return <div className="editor-root">{properties.map((p) => p.content)}</div>;
  const { TitleFieldTemplate, DescriptionFieldTemplate } = registry.templates;
  return (
    <fieldset className="editor-group" id={fieldPathId.$id}>
      {title && (
        <TitleFieldTemplate
          id={titleId(fieldPathId)}
          title={title}
          required={required}
          schema={schema}
          uiSchema={uiSchema}
          registry={registry}
        />
      )}
      {description && (
        <DescriptionFieldTemplate
          id={descriptionId(fieldPathId)}
          description={description}
          schema={schema}
          uiSchema={uiSchema}
          registry={registry}
        />
      )}
      {properties.map((p) => p.content)}
    </fieldset>
  );
}

export function ArrayFieldTitleTemplate({ title, required, fieldPathId }: ArrayFieldTitleProps) {
  if (!title) return null;
  return (
    <legend id={titleId(fieldPathId)} className="editor-group__title">
      {title}
      {required && (
        <span className="editor-field__required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </legend>
  );
}

export function ArrayFieldDescriptionTemplate({
  description,
  fieldPathId,
}: ArrayFieldDescriptionProps) {
  if (!description) return null;
  return (
    <p id={descriptionId(fieldPathId)} className="editor-field__help">
      {description}
    </p>
  );
}

/** A list: a fieldset with its items, each with its buttons, and an add button. */
export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { canAdd, disabled, readonly, fieldPathId, uiSchema, items, onAddClick, registry } = props;
  const { required, schema, title } = props;
  const options = getUiOptions(uiSchema);
  const {
    ArrayFieldTitleTemplate: ArrayFieldTitle,
    ArrayFieldDescriptionTemplate: ArrayFieldDescription,
  } = registry.templates;
  const { AddButton } = registry.templates.ButtonTemplates;
  const group = useRef<HTMLFieldSetElement>(null);
  const addId = buttonId(fieldPathId, 'add');
  return (
    <fieldset
      ref={group}
      className="editor-group"
      id={fieldPathId.$id}
      onClickCapture={(event) => followFocus(event, group.current, addId)}
    >
      <ArrayFieldTitle
        fieldPathId={fieldPathId}
        title={options.title ?? title}
        required={required}
        schema={schema}
        uiSchema={uiSchema}
        registry={registry}
      />
      <ArrayFieldDescription
        fieldPathId={fieldPathId}
        description={options.description ?? schema.description}
        schema={schema}
        uiSchema={uiSchema}
        registry={registry}
      />
      <div className="editor-list">{items}</div>
      {canAdd && (
        <AddButton
          id={addId}
          onClick={onAddClick}
          disabled={disabled || readonly}
          uiSchema={uiSchema}
          registry={registry}
        />
      )}
    </fieldset>
  );
}

/**
 * The list's own buttons move the focus where the owner goes next: « Ajouter un élément » to the
 * new item's first field; a button that took itself away (« Supprimer », or « Ajouter » once the
 * list is full) to « Ajouter un élément », else to the last item's first field.
 */
function followFocus(event: MouseEvent, group: HTMLFieldSetElement | null, addId: string) {
  const button = (event.target as HTMLElement).closest('button');
  if (!group || !button || button.closest('fieldset') !== group) return;
  const adding = button.id === addId;
  requestAnimationFrame(() => {
    const items = group.querySelectorAll(':scope > .editor-list > .editor-list__item');
    const lastField = firstField(items[items.length - 1]);
    if (adding) {
      lastField?.focus();
      return;
    }
    if (document.activeElement && document.activeElement !== document.body) return;
    (group.querySelector<HTMLElement>(`[id="${addId}"]`) ?? lastField)?.focus();
  });
}

export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, hasToolbar, registry } = props;
  const { ArrayFieldItemButtonsTemplate: ArrayFieldItemButtons } = registry.templates;
  return (
    <div className="editor-list__item">
      <div className="editor-list__content">{children}</div>
      {hasToolbar && (
        <div className="editor-list__buttons">
          <ArrayFieldItemButtons {...buttonsProps} />
        </div>
      )}
    </div>
  );
}
