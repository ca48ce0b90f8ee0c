import type { WidgetProps } from '@rjsf/utils';
import { ariaDescribedByIds } from '@rjsf/utils';
import { isoToParisInput, parisInputToIso } from '../../lib/dates-paris.ts';

/**
 * rjsf's date-time widget for the blog form: the owner reads and types Paris time in an
 * `<input type="datetime-local">`, the form holds the ISO UTC instant (format date-time). An
 * emptied field is no date at all (a draft, for the publication date).
 */
export function ParisDateTimeWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, autofocus, rawErrors, onChange } = props;
  const toIso = (input: string) => parisInputToIso(input) ?? undefined;
  return (
    <input
      id={id}
      name={props.htmlName || id}
      type="datetime-local"
      className="editor-input blog-form__date"
      value={isoToParisInput(typeof value === 'string' ? value : null)}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      aria-required={required || undefined}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(event) => onChange(toIso(event.target.value))}
      onBlur={(event) => props.onBlur(id, toIso(event.target.value))}
      onFocus={(event) => props.onFocus(id, toIso(event.target.value))}
    />
  );
}
