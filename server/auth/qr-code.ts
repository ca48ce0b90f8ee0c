import QRCode from 'qrcode';

/**
 * The QR code of an `otpauth://` address as an SVG document, generated on this server (the secret
 * goes to no third party): GoTrue's `qr_code` field, which supabase-js turns into a data URI.
 */
export function totpQrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H', margin: 1 });
}
