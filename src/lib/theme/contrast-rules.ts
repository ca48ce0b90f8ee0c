import { contrast, mixOklab, parseHex, toHex, type Rgb } from './colour.ts';

/**
 * The text-on-background pairs the public site's CSS draws with the theme's colours
 * (src/site/styles/*.css), each needing 4.5:1 (WCAG 2, AA for body text). The database holds the
 * same list (supabase/migrations/20261128010001_theme_contrast.sql); docs/decisions/070-theme.md
 * says how it was read from the CSS and which pairs follow from these.
 */
export const MIN_CONTRAST = 4.5;

export const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
/** --surface: the grey background of every other home section, under navy titles. */
export const SURFACE: Rgb = [0xf4, 0xf6, 0xf8];
/** --ink: the dark text of the buttons. */
export const INK: Rgb = [0x1b, 0x24, 0x30];

export interface ThemeColours {
  primary: string;
  accent: string;
}

interface Pair {
  /** The colour of the theme that this pair fixes, moved towards `towards` until it passes. */
  colour: keyof ThemeColours;
  towards: Rgb;
  /** The two colours drawn, given the theme's (primary already accepted for the accent's pairs). */
  colours(primary: Rgb, accent: Rgb): [Rgb, Rgb];
  /** The sentence's subject, in French, for the colour as typed. */
  subject(primary: string, accent: string): string;
}

const PAIRS: readonly Pair[] = [
  {
    colour: 'primary',
    towards: BLACK,
    colours: (primary) => [WHITE, primary],
    subject: (primary) => `Le texte blanc sur ${primary}`,
  },
  {
    colour: 'primary',
    towards: BLACK,
    colours: (primary) => [primary, SURFACE],
    subject: (primary) => `Un titre ${primary} sur fond gris clair`,
  },
  {
    colour: 'accent',
    towards: WHITE,
    colours: (_, accent) => [INK, accent],
    subject: (_, accent) => `Le texte foncé des boutons sur ${accent}`,
  },
  {
    colour: 'accent',
    towards: WHITE,
    colours: (primary, accent) => [accent, primary],
    subject: (primary, accent) => `Un lien ${accent} sur le fond ${primary}`,
  },
];

function passes(pairs: readonly Pair[], primary: Rgb, accent: Rgb): boolean {
  return pairs.every((pair) => contrast(...pair.colours(primary, accent)) >= MIN_CONTRAST);
}

/**
 * The nearest shade of the failing colour that passes every pair of that colour: the first of the
 * steps of 1 % towards black (the primary, under white text) or white (the accent, under dark
 * text) in OKLab. A primary is also kept readable under the links of an accent that is itself
 * fine (light enough for the dark text, so darkening the primary helps it too): the owner then
 * changes one colour, not two. Black under white text and under such an accent, and white under
 * dark text, always pass, so there is one.
 */
function nearestPassing(pair: Pair, primary: Rgb, accent: Rgb): string {
  const [buttonText, link] = PAIRS.filter((other) => other.colour === 'accent') as [Pair, Pair];
  const accentFine = contrast(...buttonText.colours(primary, accent)) >= MIN_CONTRAST;
  const own = PAIRS.filter((other) => other.colour === pair.colour);
  if (pair.colour === 'primary' && accentFine) own.push(link);
  const start = pair.colour === 'primary' ? primary : accent;
  for (let step = 1; step <= 100; step += 1) {
    const candidate = mixOklab(start, pair.towards, step / 100);
    const [p, a] = pair.colour === 'primary' ? [candidate, accent] : [primary, candidate];
    if (passes(own, p, a)) return toHex(candidate);
  }
  return toHex(pair.towards);
}

export interface ContrastProblem {
  /** The colour to change. */
  field: keyof ThemeColours;
  /** Why, with a shade to try, in French. */
  message: string;
}

/** Why a theme's colours are refused; undefined when every pair passes. */
export function contrastProblem({ primary, accent }: ThemeColours): ContrastProblem | undefined {
  const p = parseHex(primary);
  const a = parseHex(accent);
  // Malformed colours are the schema's to report.
  if (!p || !a) return undefined;
  for (const pair of PAIRS) {
    if (contrast(...pair.colours(p, a)) >= MIN_CONTRAST) continue;
    const subject = pair.subject(primary.toLowerCase(), accent.toLowerCase());
    const message = `${subject} n'est pas assez lisible : essayez ${nearestPassing(pair, p, a)}.`;
    return { field: pair.colour, message };
  }
  return undefined;
}
