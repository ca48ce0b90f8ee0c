/** Lets keyboard users jump over the header straight to the page's content. */
export function SkipLink() {
  return (
    <a className="skip-link" href="#contenu">
      Aller au contenu
    </a>
  );
}
