import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from '../storage/image.ts';

/**
 * The browser's icons, made from the garage's logo (identity.logo): a PNG or any photo the media
 * library accepts, or an SVG such as the default /favicon.svg.
 */
export const ICONS = {
  /** The tab's icon: square, the logo centred on transparency. */
  favicon: { size: 48, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  /** The home-screen icon of iPhones, which show transparency as black: on white. */
  touch: { size: 180, background: { r: 255, g: 255, b: 255, alpha: 1 } },
} as const;

export type IconKind = keyof typeof ICONS;

/** `logo` as the PNG icon of `kind`; throws when sharp cannot read it. */
export async function renderIcon(logo: Uint8Array, kind: IconKind): Promise<Buffer> {
  const { size, background } = ICONS[kind];
  // An SVG drawn at a high density stays sharp once scaled down.
  let image = sharp(logo, { limitInputPixels: MAX_INPUT_PIXELS, density: 288 })
    .rotate()
    .resize(size, size, { fit: 'contain', background });
  if (background.alpha === 1) image = image.flatten({ background });
  return image.png().toBuffer();
}
