import { useId, type ReactNode, type Ref } from 'react';
import { Message } from '../../lib/message/message.tsx';
import { REQUIRED_FIELDS, type FormField, type FormProblem } from './request-form-model.ts';

/** The request form's pieces: each field with its label and its problem, and the summary. */

export const inputId = (field: FormField) => `demande-${field.replace('_', '-')}`;
const errorId = (field: FormField) => `${inputId(field)}-erreur`;

export type ControlProps = ReturnType<typeof controlProps>;

/** An input's name, id and its problem's wiring (aria-invalid, aria-describedby). */
export function controlProps(name: FormField, problem: FormProblem | undefined) {
  return {
    id: inputId(name),
    name,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? errorId(name) : undefined,
  };
}

export function FieldError({ field, problem }: { field: FormField; problem: FormProblem }) {
  return (
    <p className="request-form__error" id={errorId(field)}>
      {problem.message}
    </p>
  );
}

const REQUIRED = new Set<string>(REQUIRED_FIELDS);

/** One field: its label (marked * when required), its control, its problem below. */
export function Field({
  name,
  label,
  problem,
  children,
}: {
  name: FormField;
  label: string;
  problem: FormProblem | undefined;
  children: ReactNode;
}) {
  return (
    <div className="request-form__field" data-invalid={problem ? true : undefined}>
      <label htmlFor={inputId(name)}>
        {label}
        {REQUIRED.has(name) && ' *'}
      </label>
      {children}
      {problem && <FieldError field={name} problem={problem} />}
    </div>
  );
}

/**
 * The summary's title: how many fields to correct. A refusal of the whole form (too many requests,
 * sent too fast) is no field to correct: its sentence says what to do.
 */
export function summaryTitle(problems: FormProblem[]): string {
  const fields = problems.filter((problem) => problem.field !== null).length;
  if (fields === 0) return 'Votre demande n’a pas été envoyée.';
  return fields === 1
    ? 'Votre demande n’a pas été envoyée : un point est à corriger.'
    : `Votre demande n’a pas été envoyée : ${fields} points sont à corriger.`;
}

/** At the top of the form: how many points to correct, each a link to its field. */
export function ProblemSummary({
  problems,
  ref,
}: {
  problems: FormProblem[];
  ref: Ref<HTMLDivElement>;
}) {
  const title = useId();
  return (
    <Message
      kind="error"
      as="div"
      ref={ref}
      className="request-form__summary"
      tabIndex={-1}
      aria-labelledby={title}
    >
      <h2 id={title}>{summaryTitle(problems)}</h2>
      <ul>
        {problems.map((problem) => (
          <li key={`${problem.field ?? ''} ${problem.message}`}>
            {problem.field ? (
              <a href={`#${inputId(problem.field)}`}>{problem.message}</a>
            ) : (
              problem.message
            )}
          </li>
        ))}
      </ul>
    </Message>
  );
}
