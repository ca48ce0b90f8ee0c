import type { ChangeEvent, FocusEvent } from 'react';
import type { BaseInputTemplateProps, WidgetProps } from '@rjsf/utils';
import { getInputProps } from '@rjsf/utils';
import { describedByIds } from './described-by.ts';

/** What every text control of the editor shares: its accessible state and its blur/focus events. */
function controlProps(props: WidgetProps) {
  const { id, required, disabled, readonly, autofocus, rawErrors, onBlur, onFocus } = props;
  return {
    id,
    name: props.htmlName || id,
    className: 'editor-input',
    required,
    disabled,
    readOnly: readonly,
    autoFocus: autofocus,
    'aria-required': required || undefined,
    'aria-invalid': rawErrors?.length ? true : undefined,
    'aria-describedby': describedByIds(props),
    onBlur: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onBlur(id, event.target.value),
    onFocus: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onFocus(id, event.target.value),
  };
}

/** The `<input>` behind rjsf's text, email, url, number… widgets. */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { schema, type, options, value, onChange, onChangeOverride, placeholder } = props;
  const inputProps = getInputProps(schema, type, options);
  const numeric = inputProps.type === 'number' || inputProps.type === 'integer';
  const shown = numeric ? (value || value === 0 ? value : '') : (value ?? '');
  return (
    <input
      {...controlProps(props)}
      {...inputProps}
      placeholder={placeholder}
      value={shown as string | number}
      onChange={
        onChangeOverride ??
        ((event: ChangeEvent<HTMLInputElement>) =>
          onChange(event.target.value === '' ? options.emptyValue : event.target.value))
      }
    />
  );
}

export function TextareaWidget(props: WidgetProps) {
  const { options, value, onChange, placeholder } = props;
  return (
    <textarea
      {...controlProps(props)}
      placeholder={placeholder}
      rows={typeof options.rows === 'number' ? options.rows : 4}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) =>
        onChange(event.target.value === '' ? options.emptyValue : event.target.value)
      }
    />
  );
}

/**
 * A choice among the schema's `enum` (labels from `ui:enumNames`): each option carries its value
 * as text, and a required field that has a value offers no empty choice.
 */
export function SelectWidget(props: WidgetProps) {
  const { options, value, onChange, required } = props;
  const choices = options.enumOptions ?? [];
  const current = choices.find((choice) => choice.value === value);
  const { onBlur: _blur, onFocus: _focus, ...rest } = controlProps(props);
  const valueOf = (text: string) =>
    choices.find((choice) => String(choice.value) === text)?.value ?? options.emptyValue;
  return (
    <select
      {...rest}
      value={current ? String(current.value) : ''}
      onBlur={(event) => props.onBlur(props.id, valueOf(event.target.value))}
      onFocus={(event) => props.onFocus(props.id, valueOf(event.target.value))}
      onChange={(event) => onChange(valueOf(event.target.value))}
    >
      {(!required || !current) && <option value="">—</option>}
      {choices.map((choice) => (
        <option key={String(choice.value)} value={String(choice.value)}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}
