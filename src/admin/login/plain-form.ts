import { messageParagraph } from '../../lib/message/message-paragraph.ts';

/**
 * What the forms of the sign-in pages share (plain DOM: these pages load no React). While one is
 * sent its button is disabled and says what is happening; a refusal shows above the button, one
 * at a time, marks the field to correct and takes the focus there.
 */
export interface PlainForm {
  /** Disables the button, with `label` on it (its own label when none is given). */
  busy(label?: string): void;
  /** Removes the refusal shown, if any. */
  clear(): void;
  /**
   * Shows a refusal (a text, or a paragraph already built) in place of the last one and gives the
   * button back; `field`, when given, is marked as the one to correct and focused.
   */
  refuse(message: string | HTMLElement, field?: HTMLInputElement): void;
  /** Whether a sending is under way. */
  readonly sending: boolean;
}

/**
 * Sends `form` with `send` when submitted, once at a time. The button is disabled (saying
 * `busyLabel` when given) and the last refusal removed before `send` runs; `send` calls `refuse`
 * when the owner can try again, and otherwise moves on.
 */
export function plainForm(
  form: HTMLFormElement,
  send: (controls: PlainForm) => Promise<void>,
  busyLabel?: string,
): PlainForm {
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const ownLabel = submit.textContent;
  let shown: HTMLElement | null = null;
  const controls: PlainForm = {
    busy(label) {
      submit.disabled = true;
      submit.textContent = label ?? ownLabel;
    },
    clear() {
      shown?.remove();
      shown = null;
      for (const input of form.querySelectorAll('input')) input.removeAttribute('aria-invalid');
    },
    refuse(message, field) {
      controls.clear();
      submit.disabled = false;
      submit.textContent = ownLabel;
      shown = typeof message === 'string' ? messageParagraph('error', message) : message;
      submit.before(shown);
      if (field) {
        field.setAttribute('aria-invalid', 'true');
        field.focus();
      }
    },
    get sending() {
      return submit.disabled;
    },
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (controls.sending) return;
    controls.clear();
    controls.busy(busyLabel);
    void send(controls);
  });
  return controls;
}
