import type { IconButtonProps, SubmitButtonProps } from '@rjsf/utils';
import { getSubmitButtonOptions, TranslatableString } from '@rjsf/utils';

/** rjsf's icon buttons as plain text buttons: the words are the accessible names. */
function TextButton({ label, className, ...props }: IconButtonProps & { label: string }) {
  const { id, onClick, disabled } = props;
  return (
    <button
      type="button"
      id={id}
      className={`button button--small button--secondary ${className ?? ''}`}
      onClick={onClick}
      disabled={disabled}
    >
      {label}
    </button>
  );
}

function textButton(key: TranslatableString, className?: string) {
  return function EditorButton(props: IconButtonProps) {
    return (
      <TextButton {...props} className={className} label={props.registry.translateString(key)} />
    );
  };
}

export const AddButton = textButton(TranslatableString.AddItemButton);
export const CopyButton = textButton(TranslatableString.CopyButton);
export const MoveUpButton = textButton(TranslatableString.MoveUpButton);
export const MoveDownButton = textButton(TranslatableString.MoveDownButton);
export const RemoveButton = textButton(TranslatableString.RemoveButton, 'button--danger');
export const ClearButton = textButton(TranslatableString.ClearButton);

/** Not used by ContentEditor (it renders its own save button), but a themed fallback for any Form. */
export function SubmitButton({ uiSchema }: SubmitButtonProps) {
  const { submitText, norender } = getSubmitButtonOptions(uiSchema);
  if (norender) return null;
  return (
    <button type="submit" className="button">
      {submitText === 'Submit' ? 'Enregistrer' : submitText}
    </button>
  );
}
