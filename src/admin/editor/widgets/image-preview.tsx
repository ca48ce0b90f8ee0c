import { useState } from 'react';

interface ImagePreviewProps {
  src: string | undefined;
  /** What the image shows, for screen readers. */
  alt: string;
}

/**
 * The chosen image at preview size. A broken address shows a placeholder instead of the
 * browser's broken-image icon, so the owner sees at once that the image will not appear.
 */
export function ImagePreview({ src, alt }: ImagePreviewProps) {
  // Remounting on a new address resets the failure state.
  return <LoadedImage key={src ?? ''} src={src} alt={alt} />;
}

function LoadedImage({ src, alt }: ImagePreviewProps) {
  const [failed, setFailed] = useState(false);
  if (!src) return <Placeholder text="Aucune image choisie" />;
  if (failed) return <Placeholder text="Image indisponible" />;
  return (
    <img
      className="image-preview"
      src={src}
      alt={alt}
      width={320}
      height={180}
      onError={() => setFailed(true)}
    />
  );
}

function Placeholder({ text }: { text: string }) {
  return (
    <div className="image-preview image-preview--placeholder" role="img" aria-label={text}>
      <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
        <rect x="3" y="4" width="18" height="16" rx="2" fill="none" stroke="currentColor" />
        <path d="M3 16l5-5 4 4 3-3 6 6" fill="none" stroke="currentColor" />
        <circle cx="16" cy="9" r="1.5" fill="currentColor" />
      </svg>
      <span aria-hidden="true">{text}</span>
    </div>
  );
}
