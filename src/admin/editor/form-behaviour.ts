import { useCallback, type MouseEvent, type RefObject } from 'react';
import { translateFrench } from './theme/index.ts';

/**
 * How every admin form behaves, shared by the content editor and the blog form: French rjsf
 * strings, validation on blur and on submit (not on each keystroke), errors next to their fields
 * rather than in a list (rjsf would otherwise also log them).
 */
export const FORM_BEHAVIOUR = {
  translateString: translateFrench,
  noHtml5Validate: true,
  liveValidate: 'onBlur',
  showErrorList: false,
  onError: () => {},
} as const;

const FOCUSABLE = 'input, textarea, select, button, [tabindex]:not([tabindex="-1"])';

/**
 * rjsf's `focusOnFirstError` handler: focuses the first invalid field inside `container`, in page
 * order, once the errors are rendered (the next tick). rjsf's own misses many custom fields.
 */
export function useFocusFirstInvalid(container: RefObject<HTMLElement | null>): () => void {
  return useCallback(() => {
    setTimeout(() => {
      const invalid = container.current?.querySelector('.editor-field--invalid');
      const target = invalid?.matches(FOCUSABLE) ? invalid : invalid?.querySelector(FOCUSABLE);
      if (target instanceof HTMLElement) target.focus();
    }, 0);
  }, [container]);
}

/**
 * For the buttons under a form that validates on blur: a press must not blur the field first, or
 * that field's error, appearing or vanishing on blur, moves the button from under the pointer
 * before the click lands and the save silently does not happen.
 */
export const keepFocus = (event: MouseEvent) => event.preventDefault();
