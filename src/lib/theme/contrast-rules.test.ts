import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from '../../content/generated/defaults.ts';
import { contrast, parseHex } from './colour.ts';
import { contrastProblem, INK, MIN_CONTRAST, SURFACE, WHITE } from './contrast-rules.ts';
import { themeTokens } from './theme-css.ts';
import { sampleColours } from '../../../tests/helpers/colours.ts';

const ratio = (a: string, b: string) => contrast(parseHex(a)!, parseHex(b)!);
const suggestionIn = (message: string) => /essayez (#[0-9a-f]{6})\.$/.exec(message)?.[1];

describe('theme contrast rule', () => {
  it('accepts the default theme', () => {
    expect(contrastProblem(DEFAULT_CONTENT.theme)).toBeUndefined();
  });

  it('refuses white text on a light blue, in French, with a darker blue that passes', () => {
    const problem = contrastProblem({ primary: '#7fb3ff', accent: '#f2a900' });
    expect(problem?.field).toBe('primary');
    expect(problem?.message).toMatch(
      /^Le texte blanc sur #7fb3ff n'est pas assez lisible : essayez #[0-9a-f]{6}\.$/,
    );
    const suggested = suggestionIn(problem!.message)!;
    expect(ratio('#ffffff', suggested)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    // Darker, same family: blue stays the strongest channel.
    const [r, g, b] = parseHex(suggested)!;
    expect(b).toBeGreaterThan(Math.max(r, g));
    // The amber, fine under the buttons' text, stays readable on it too: one colour to change.
    expect(contrastProblem({ primary: suggested, accent: '#f2a900' })).toBeUndefined();
  });

  it('refuses a dark accent under the dark button text, proposing a lighter shade', () => {
    const problem = contrastProblem({ primary: '#0f2742', accent: '#8a5a00' });
    expect(problem?.field).toBe('accent');
    expect(problem?.message).toMatch(/^Le texte foncé des boutons sur #8a5a00 n'est pas assez/);
    const suggested = suggestionIn(problem!.message)!;
    expect(ratio('#1b2430', suggested)).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });

  it('names a link of the accent on the primary when only that pair fails', () => {
    // Light enough under dark text, too close to a mid-dark primary.
    const problem = contrastProblem({ primary: '#2d5a87', accent: '#8fb0d0' });
    expect(problem?.message).toMatch(
      /^Un lien #8fb0d0 sur le fond #2d5a87 n'est pas assez lisible/,
    );
  });

  it('over many colours: a suggestion always passes, and accepted themes hold every pair the CSS draws', () => {
    const colours = sampleColours(600);
    let refused = 0;
    for (let i = 0; i < colours.length; i += 2) {
      const theme = { primary: colours[i]!, accent: colours[i + 1]! };
      const problem = contrastProblem(theme);
      if (problem) {
        refused += 1;
        const fixed = { ...theme, [problem.field]: suggestionIn(problem.message) };
        // Fixing the named colour fixes its pairs: what is left, if anything, is the other colour.
        const after = contrastProblem(fixed);
        if (after) expect(after.field).not.toBe(problem.field);
        // A primary is fixed so that an accent fine under the buttons' text stays fine on it.
        if (problem.field === 'primary' && ratio('#1b2430', theme.accent) >= MIN_CONTRAST) {
          expect(after).toBeUndefined();
        }
        continue;
      }
      const tokens = themeTokens({ ...theme, fonts: 'moderne' });
      for (const [text, background] of [
        [WHITE, tokens.navy],
        [tokens.navy, SURFACE],
        [WHITE, tokens.navyDeep],
        [[0xe6, 0xeb, 0xf1], tokens.navyDeep],
        [INK, tokens.accent],
        [INK, tokens.accentHover],
        [tokens.accent, tokens.navy],
        [tokens.accent, tokens.navyDeep],
      ] as const) {
        const pair = [text, background].map((c) => (typeof c === 'string' ? parseHex(c)! : c));
        expect(contrast(pair[0]!, pair[1]!)).toBeGreaterThanOrEqual(MIN_CONTRAST);
      }
    }
    expect(refused).toBeGreaterThan(50);
    expect(refused).toBeLessThan(300);
  });
});
