import { useRef } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { TextareaWidget } from '../editor/theme/inputs.tsx';
import { markerText, REPLY_MARKERS } from './reply-markers.ts';
import './replies.css';

/**
 * `ui:widget: "markerText"`: a reply template's text, with a button per marker that inserts it
 * where the cursor is, so the owner never has to remember how a marker is spelled. A field whose
 * schema refuses line breaks (the subject) stays on one line.
 */
export function MarkerTextWidget(props: WidgetProps) {
  const box = useRef<HTMLDivElement>(null);
  const text = typeof props.value === 'string' ? props.value : '';
  const oneLine = typeof props.options.rows !== 'number';
  const change = (value: string) => props.onChange(value === '' ? props.options.emptyValue : value);

  const insert = (marker: string) => {
    const field = box.current?.querySelector('textarea');
    const start = field?.selectionStart ?? text.length;
    const end = field?.selectionEnd ?? text.length;
    const inserted = markerText(marker);
    change(text.slice(0, start) + inserted + text.slice(end));
    // Back to the text, the cursor after the marker, once React has shown the new value.
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(start + inserted.length, start + inserted.length);
    });
  };

  return (
    <div className="marker-text" ref={box}>
      <TextareaWidget
        {...props}
        options={{ ...props.options, rows: oneLine ? 2 : props.options.rows }}
        onChange={(value: unknown) => {
          const typed = typeof value === 'string' ? value : '';
          change(oneLine ? typed.replace(/[\r\n]+/g, ' ') : typed);
        }}
      />
      <div
        className="marker-text__markers"
        role="group"
        aria-label={`Insérer un marqueur dans « ${props.label} »`}
      >
        {REPLY_MARKERS.map((marker) => (
          <button
            key={marker}
            type="button"
            className="button button--small button--secondary"
            disabled={props.disabled || props.readonly}
            onClick={() => insert(marker)}
          >
            {markerText(marker)}
          </button>
        ))}
      </div>
    </div>
  );
}
