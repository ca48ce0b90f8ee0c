/** A section's message: an alert for a failure, a status otherwise; nothing without text. */
export function Message({ text, error }: { text: string | null; error?: boolean }) {
  if (!text) return null;
  return (
    <p className={error ? 'form__error' : 'notice'} role={error ? 'alert' : 'status'}>
      {text}
    </p>
  );
}
