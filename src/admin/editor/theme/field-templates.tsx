import type {
  DescriptionFieldProps,
  FieldErrorProps,
  FieldHelpProps,
  FieldTemplateProps,
  TitleFieldProps,
} from '@rjsf/utils';
import { errorId, getUiOptions, helpId } from '@rjsf/utils';

/** A required field's marker; the input itself carries `required` for assistive technologies. */
function RequiredMark() {
  return (
    <span className="editor-field__required" aria-hidden="true">
      {' '}
      *
    </span>
  );
}

/**
 * Every field: its label (the schema's French title), its help (the schema's description), the
 * control, and its errors right below it. Inputs point at the help and the errors through
 * `aria-describedby` (rjsf's ids: `<id>__description`, `<id>__error`).
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, errors, help, description, hidden, required, displayLabel } = props;
  const { rawErrors = [], uiSchema, schema } = props;
  if (hidden) return <div hidden>{children}</div>;
  const isCheckbox = getUiOptions(uiSchema).widget === 'checkbox' || schema.type === 'boolean';
  const invalid = rawErrors.length > 0;
  // Objects and arrays label themselves with a legend (their own templates).
  const isGroup = schema.type === 'object' || schema.type === 'array';
  return (
    <div className={`editor-field${invalid ? ' editor-field--invalid' : ''}`}>
      {displayLabel && !isCheckbox && !isGroup && label && (
        <label className="editor-field__label" htmlFor={id}>
          {label}
          {required && <RequiredMark />}
        </label>
      )}
      {displayLabel && !isGroup && description}
      {children}
      {errors}
      {help}
    </div>
  );
}

export function FieldErrorTemplate({ errors = [], fieldPathId }: FieldErrorProps) {
  const shown = errors.filter(Boolean);
  if (!shown.length) return null;
  return (
    <div id={errorId(fieldPathId)} className="editor-field__errors">
      {shown.map((error, index) => (
        <p key={index} className="editor-field__error">
          {error}
        </p>
      ))}
    </div>
  );
}

export function FieldHelpTemplate({ help, fieldPathId }: FieldHelpProps) {
  if (!help) return null;
  return (
    <p id={helpId(fieldPathId)} className="editor-field__help">
      {help}
    </p>
  );
}

export function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps) {
  if (!description) return null;
  return (
    <p id={id} className="editor-field__help">
      {description}
    </p>
  );
}

export function TitleFieldTemplate({ id, title, required }: TitleFieldProps) {
  return (
    <legend id={id} className="editor-group__title">
      {title}
      {required && <RequiredMark />}
    </legend>
  );
}
