import { Message } from '../lib/message/message.tsx';

/** The screen shown after a rendering error; it depends on nothing that could itself fail. */
export function ErrorScreen() {
  return (
    <main className="error-screen">
      <Message kind="error" as="div" className="error-screen__box">
        <h1>Une erreur s&apos;est produite</h1>
        <p>Veuillez rafraîchir la page</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Rafraîchir
        </button>
      </Message>
    </main>
  );
}
