import { contentGaps } from '../../content/completeness.ts';
import { FIELD_RULES } from '../../content/generated/completeness.ts';
import type { SetupStep } from './steps.ts';

/**
 * Where the owner stands in « Mon garage », kept in this browser: the steps saved or skipped, and
 * whether the end was reached. What the content itself shows (no field of a step left missing or
 * an example) counts too, so another browser resumes at the right step.
 */
export interface SetupProgress {
  steps: Record<string, 'saved' | 'skipped'>;
  finished: boolean;
}

export const PROGRESS_KEY = 'garage-setup-progress';
const EMPTY: SetupProgress = { steps: {}, finished: false };

export function readProgress(): SetupProgress {
  try {
    const stored = JSON.parse(localStorage.getItem(PROGRESS_KEY) ?? 'null') as SetupProgress | null;
    if (stored && typeof stored.steps === 'object' && stored.steps) {
      return { steps: stored.steps, finished: stored.finished === true };
    }
  } catch {
    // A private window or a damaged value: start again.
  }
  return EMPTY;
}

export function writeProgress(progress: SetupProgress): void {
  try {
    localStorage.setItem(PROGRESS_KEY, JSON.stringify(progress));
  } catch {
    // Not kept: the owner only loses the resume point, never content.
  }
}

/** The fields of the step that still miss something the law asks or are still an example. */
export function stepGaps(step: SetupStep, content: object): number {
  return step.parts.reduce((count, part) => {
    const gaps = contentGaps({ [part.type]: (content as Record<string, unknown>)[part.type] });
    return count + gaps.filter((gap) => part.fields.includes(gap.path[0]!)).length;
  }, 0);
}

/** Whether the checklist watches any field of the step (the content can then say it is done). */
function checked(step: SetupStep): boolean {
  return step.parts.some((part) =>
    (FIELD_RULES[part.type] ?? []).some((rule) => part.fields.includes(rule.path[0]!)),
  );
}

export type StepState = 'done' | 'skipped' | 'todo';

export function stepState(step: SetupStep, content: object, progress: SetupProgress): StepState {
  const mark = progress.steps[step.slug];
  const complete = stepGaps(step, content) === 0;
  if (mark === 'saved' || (checked(step) && complete)) return complete ? 'done' : 'todo';
  if (mark === 'skipped') return 'skipped';
  return 'todo';
}

/** The step to open: the first neither done nor skipped, else the end. */
export function resumeAt(
  steps: readonly SetupStep[],
  content: object,
  progress: SetupProgress,
): SetupStep | undefined {
  return steps.find((step) => stepState(step, content, progress) === 'todo');
}
