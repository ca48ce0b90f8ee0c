/** How supabase-js (auth-js `_enroll`) hands over the server's SVG: pasted as it is. */
const PASTED_SVG = 'data:image/svg+xml;utf-8,';

/**
 * The `src` of the two-factor QR code. supabase-js pastes the SVG that GoTrue returns into a data
 * URI without escaping it, so a `#` or a `%` in that SVG would cut or garble the image; the SVG is
 * escaped again here, whatever server made it (ours writes none, hosted GoTrue's may change).
 * Anything else (an already escaped URI, an image address) is left as it is.
 */
export function qrImageSource(qrCode: string): string {
  if (!qrCode.startsWith(PASTED_SVG)) return qrCode;
  const svg = qrCode.slice(PASTED_SVG.length);
  if (!svg.trimStart().startsWith('<')) return qrCode;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
