import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from '../../content/generated/defaults.ts';
import { FILLED_SITE } from '../../../tests/helpers/filled-site.ts';
import { resumeAt, stepState, type SetupProgress } from './progress.ts';
import { stepForm } from './step-form.ts';
import { SETUP_STEPS, stepBySlug } from './steps.ts';

const NONE: SetupProgress = { steps: {}, finished: false };
const company = stepBySlug('entreprise')!;
const hours = stepBySlug('horaires')!;

describe('where « Mon garage » stands', () => {
  it('starts a fresh site at the first step', () => {
    expect(resumeAt(SETUP_STEPS, DEFAULT_CONTENT, NONE)?.slug).toBe('entreprise');
    expect(stepState(company, DEFAULT_CONTENT, NONE)).toBe('todo');
  });

  it('counts a step done from the content alone once its fields lack nothing', () => {
    const filled = { ...DEFAULT_CONTENT, ...FILLED_SITE };
    expect(stepState(company, filled, NONE)).toBe('done');
    // The checklist watches no field of the hours: only a save in this browser says they are done.
    expect(stepState(hours, filled, NONE)).toBe('todo');
    expect(stepState(hours, filled, { ...NONE, steps: { horaires: 'saved' } })).toBe('done');
  });

  it('keeps a saved step to do while the law still lacks one of its fields', () => {
    expect(stepState(company, DEFAULT_CONTENT, { ...NONE, steps: { entreprise: 'saved' } })).toBe(
      'todo',
    );
  });

  it('resumes after the steps skipped, and ends when none is left', () => {
    const skipped = { ...NONE, steps: { entreprise: 'skipped', coordonnees: 'skipped' } } as const;
    expect(resumeAt(SETUP_STEPS, DEFAULT_CONTENT, skipped)?.slug).toBe('horaires');
    const all: SetupProgress = {
      steps: Object.fromEntries(SETUP_STEPS.map((step) => [step.slug, 'skipped'])),
      finished: false,
    };
    expect(resumeAt(SETUP_STEPS, DEFAULT_CONTENT, all)).toBeUndefined();
  });

  it('builds every step’s forms from the types’ own schemas', () => {
    for (const step of SETUP_STEPS) {
      for (const part of step.parts) {
        expect(() => stepForm(part.type, part.fields, part.uiSchema), step.slug).not.toThrow();
      }
    }
  });
});
