/**
 * What a new password must be, for the server (which enforces it) and the back-office's forms
 * (which say why before sending): long enough, not longer than bcrypt reads, and not one of the
 * passwords that attackers try first. docs/decisions/044-common-passwords.md.
 *
 * The dictionaries (about 1 MB) are loaded on the first check only: in the browser they are a
 * chunk of their own, fetched by the password forms of the back-office, never by public pages.
 */
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

export const MIN_PASSWORD_LENGTH = 12;
/** bcrypt ignores everything after 72 bytes: a longer password would be silently shortened. */
export const MAX_PASSWORD_BYTES = 72;
/**
 * zxcvbn's score from 0 to 4; below 3 a password falls to fewer than 10⁸ guesses, which the common
 * lists, keyboard rows and words followed by digits (« motdepasse123 ») all do.
 */
const MIN_SCORE = 3;

export const TOO_SHORT = `Le mot de passe doit contenir au moins ${MIN_PASSWORD_LENGTH} caractères.`;
const TOO_LONG = `Le mot de passe ne doit pas dépasser ${MAX_PASSWORD_BYTES} octets.`;
const TOO_EASY = 'Ce mot de passe est trop facile à deviner.';
const HINT =
  'Choisissez-en un plus original : par exemple trois ou quatre mots sans rapport entre eux.';

/** The length rules alone, in French; undefined when they are met. */
export function passwordLengthProblem(password: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return TOO_SHORT;
  if (new TextEncoder().encode(password).length > MAX_PASSWORD_BYTES) return TOO_LONG;
  return undefined;
}

let checker: Promise<ZxcvbnFactory> | undefined;

function loadChecker(): Promise<ZxcvbnFactory> {
  checker ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-fr'),
  ]).then(
    ([{ ZxcvbnFactory }, common, fr]) =>
      new ZxcvbnFactory({
        translations: fr.translations,
        graphs: common.adjacencyGraphs,
        dictionary: { ...common.dictionary, ...fr.dictionary },
      }),
  );
  // A failed load (a chunk the network lost) is tried again at the next check.
  checker.catch(() => (checker = undefined));
  return checker;
}

/** Starts loading the dictionaries, so that the first check does not wait for them. */
export function preloadPasswordRules(): void {
  loadChecker().catch(() => undefined);
}

/** A sentence, ending with its full stop. */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/**
 * Why `password` cannot be chosen, in French for the owner, or undefined when it can. `userInputs`
 * are words the password should not be built on (the account's email address).
 */
export async function passwordProblem(
  password: string,
  userInputs: string[] = [],
): Promise<string | undefined> {
  const length = passwordLengthProblem(password);
  if (length) return length;
  const words = userInputs.flatMap((input) => [input, ...input.split(/[@.+_-]+/)]).filter(Boolean);
  const { score, feedback } = (await loadChecker()).check(password, words);
  if (score >= MIN_SCORE) return undefined;
  return [TOO_EASY, feedback.warning ? sentence(feedback.warning) : undefined, HINT]
    .filter(Boolean)
    .join(' ');
}
