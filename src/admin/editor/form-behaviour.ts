import { useCallback, useState, type MouseEvent } from 'react';
import { translateFrench } from './theme/index.ts';

/**
 * How every admin form behaves (src/admin/editor/editor-form.tsx, the one form): French rjsf
 * strings, errors next to their fields rather than in a list (rjsf would otherwise also log them).
 * When to validate is `useLiveValidation`'s.
 */
export const FORM_BEHAVIOUR = {
  translateString: translateFrench,
  noHtml5Validate: true,
  showErrorList: false,
} as const;

/**
 * When a form validates: on blur and on submit while no error shows, so that nothing turns red
 * while the owner is still typing; on every change once an error shows, so that an error goes
 * away as soon as the value is fixed rather than when the field is left.
 * `track` is to be called with every change event (rjsf reports a blur's validation as one).
 */
export function useLiveValidation(): {
  liveValidate: 'onBlur' | 'onChange';
  onError: () => void;
  track: (event: { errors: readonly unknown[] }) => void;
} {
  const [showing, setShowing] = useState(false);
  const onError = useCallback(() => setShowing(true), []);
  const track = useCallback(
    (event: { errors: readonly unknown[] }) => setShowing(event.errors.length > 0),
    [],
  );
  return { liveValidate: showing ? 'onChange' : 'onBlur', onError, track };
}

const FOCUSABLE = 'input, textarea, select, button, [tabindex]:not([tabindex="-1"])';

/**
 * rjsf's `focusOnFirstError` handler: focuses the first invalid field inside what `scope` returns
 * (the form), in page order, once the errors are rendered (the next tick). rjsf's own misses many
 * custom fields.
 */
export function useFocusFirstInvalid(scope: () => ParentNode | null | undefined): () => void {
  return useCallback(() => {
    setTimeout(() => {
      const invalid = scope()?.querySelector('.editor-field--invalid');
      const target = invalid?.matches(FOCUSABLE) ? invalid : invalid?.querySelector(FOCUSABLE);
      if (target instanceof HTMLElement) target.focus();
    }, 0);
  }, [scope]);
}

/**
 * For the buttons under a form that validates on blur: a press must not blur the field first, or
 * that field's error, appearing or vanishing on blur, moves the button from under the pointer
 * before the click lands and the save silently does not happen.
 */
export const keepFocus = (event: MouseEvent) => event.preventDefault();
