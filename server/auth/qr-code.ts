import QRCode from 'qrcode';

/** `#rrggbb` → `rgb(r,g,b)`: the same colour, without a `#`. */
function withoutHash(svg: string): string {
  return svg.replace(/#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})\b/gi, (_, r, g, b) => {
    const channels = [r, g, b].map((hex: string) => Number.parseInt(hex, 16));
    return `rgb(${channels.join(',')})`;
  });
}

/**
 * The QR code of an `otpauth://` address as an SVG document, generated on this server (the secret
 * goes to no third party): GoTrue's `qr_code` field. supabase-js pastes it as it is after
 * `data:image/svg+xml;utf-8,`, so it must hold nothing that ends or changes a data URI: a `#`
 * would start the URI's fragment and cut the image short, a `%` would start an escape. qrcode
 * writes its colours as `#rrggbb`; they become `rgb(…)`.
 */
export async function totpQrSvg(uri: string): Promise<string> {
  const svg = withoutHash(
    await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H', margin: 1 }),
  );
  if (/[#%]/.test(svg)) throw new Error('QR code SVG not safe in a data URI');
  return svg;
}
