/**
 * Colour arithmetic for the theme: WCAG 2 contrast and OKLab mixing. The database computes the same
 * thing in supabase/migrations/20261128010001_theme_contrast.sql, operation for operation in double
 * precision, so that the form and the database refuse the same colours and propose the same shade
 * (docs/decisions/070-theme.md). Change both together.
 */

export type Rgb = readonly [number, number, number];

/** `#rrggbb` (either case) as 0–255 channels, or undefined. */
export function parseHex(hex: string): Rgb | undefined {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return undefined;
  return [parseInt(match[1]!, 16), parseInt(match[2]!, 16), parseInt(match[3]!, 16)];
}

export function toHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

function toLinear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function fromLinear(value: number): number {
  const v = Math.min(1, Math.max(0, value));
  const c = v <= 0.0031308 ? v * 12.92 : 1.055 * v ** (1 / 2.4) - 0.055;
  // Half up, as floor(x + 0.5) in SQL: Postgres's round() of a double rounds half to even.
  return Math.floor(c * 255 + 0.5);
}

/** WCAG 2 relative luminance. */
export function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map(toLinear) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio, from 1 to 21. */
export function contrast(a: Rgb, b: Rgb): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

type Lab = [number, number, number];

/** Björn Ottosson's OKLab, from 0–255 sRGB. */
function toOklab(rgb: Rgb): Lab {
  const [r, g, b] = rgb.map(toLinear) as [number, number, number];
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}

const cube = (x: number) => x * x * x;

function fromOklab([L, a, b]: Lab): Rgb {
  const l = cube(L + 0.3963377774 * a + 0.2158037573 * b);
  const m = cube(L - 0.1055613458 * a - 0.0638541728 * b);
  const s = cube(L - 0.0894841775 * a - 1.291485548 * b);
  return [
    fromLinear(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s),
    fromLinear(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s),
    fromLinear(-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s),
  ];
}

/**
 * `from` moved a `fraction` (0–1) of the way to `to` in OKLab, as CSS's `color-mix(in oklab, …)`:
 * steps of equal size look equal, and the hue stays put while the colour darkens or lightens.
 */
export function mixOklab(from: Rgb, to: Rgb, fraction: number): Rgb {
  const a = toOklab(from);
  const b = toOklab(to);
  return fromOklab([0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * fraction) as Lab);
}
