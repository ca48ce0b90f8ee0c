import type { MouseEvent } from 'react';

/**
 * For the buttons under a form that validates on blur: a press must not blur the field first, or
 * that field's error, appearing or vanishing on blur, moves the button from under the pointer before
 * the click lands and the save silently does not happen.
 */
export const keepFocus = (event: MouseEvent) => event.preventDefault();
