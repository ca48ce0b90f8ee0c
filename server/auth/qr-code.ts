import { log } from '../log.ts';

/** The part of the `qrcode` package's API used here (its `toString`). */
interface QrCodeModule {
  toString(
    text: string,
    options: { type: 'svg'; errorCorrectionLevel: 'L' | 'M' | 'Q' | 'H'; margin: number },
  ): Promise<string>;
}

// Held in a variable so that the server still builds and runs while the package is absent.
const QR_PACKAGE = 'qrcode';
let loaded: Promise<QrCodeModule | undefined> | undefined;

function qrModule(): Promise<QrCodeModule | undefined> {
  loaded ??= import(QR_PACKAGE).then(
    (module: { default?: QrCodeModule } & Partial<QrCodeModule>) =>
      module.default ?? (module as QrCodeModule),
    () => {
      log.warn(
        'Le paquet « qrcode » est absent : les QR codes de double authentification ne sont pas générés (le secret reste affiché).',
      );
      return undefined;
    },
  );
  return loaded;
}

/**
 * The QR code of an `otpauth://` address as an SVG document, generated on this server (the secret
 * goes to no third party), or undefined when no QR library is installed: GoTrue's `qr_code` field,
 * which supabase-js turns into a data URI.
 */
export async function totpQrSvg(uri: string): Promise<string | undefined> {
  const qr = await qrModule();
  if (!qr) return undefined;
  return qr.toString(uri, { type: 'svg', errorCorrectionLevel: 'H', margin: 1 });
}
