import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FIELD_PARAM } from '../../content/checklist.ts';
import { fieldElementId } from './field-address.ts';

const CONTROL = 'input, select, textarea';

/** The control to focus for a field: the field itself, or its chosen or first control inside. */
function focusTarget(field: HTMLElement): HTMLElement {
  if (field.matches(CONTROL)) return field;
  return (
    field.querySelector<HTMLElement>('input:checked:not([disabled])') ??
    field.querySelector<HTMLElement>(`:is(${CONTROL}):not([disabled]):not([type="hidden"])`) ??
    field
  );
}

/**
 * Focuses, once the form is there, the field the address names (`?champ=siret`), scrolled into
 * the middle of the screen: one click from « À compléter » to typing. Call it in a component
 * mounted after the form.
 */
export function useFocusRequestedField(): void {
  const [params] = useSearchParams();
  const requested = params.get(FIELD_PARAM);
  useEffect(() => {
    if (!requested) return;
    const field = document.getElementById(fieldElementId(requested.split('.')));
    if (!field) return;
    const target = focusTarget(field);
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: 'center' });
  }, [requested]);
}
