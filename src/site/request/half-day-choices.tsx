import type { AppointmentsContent, HoursContent } from '../../content/generated/types.ts';
import { freeHalfDays, OFFER_DAYS, type HalfDayLoad } from '../../lib/hours/half-days.ts';
import { weekdayDate } from '../../lib/hours/schedule.ts';
import {
  fieldTitle,
  halfDayValue,
  MOMENT_LABELS,
  preferredDayOf,
  type FormField,
  type FormProblem,
  type PreferredDay,
} from './request-form-model.ts';
import { controlProps, Field } from './request-form-field.tsx';

const ORDINALS = ['1er choix', '2e choix', '3e choix'];

/** The label of the n-th choice (1-based): « 1er choix ». */
export const choiceLabel = (n: number) => ORDINALS[n - 1] ?? `${n}e choix`;

/** « Jeudi 3 décembre, matin ». */
export function halfDayText(day: PreferredDay): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(day.date) ? weekdayDate(day.date) : day.date;
  const moment =
    day.moment === 'journee' ? 'toute la journée' : (MOMENT_LABELS[day.moment] ?? day.moment);
  return `${date.charAt(0).toUpperCase()}${date.slice(1)}, ${moment.toLowerCase()}`;
}

interface HalfDayChoicesProps {
  hours: HoursContent;
  appointments: AppointmentsContent;
  /** The appointments already taken (null: not known, every open half-day is offered). */
  load: readonly HalfDayLoad[] | null;
  today: string;
  dates: PreferredDay[];
  onChange: (index: number, day: PreferredDay) => void;
  problemOf: (field: FormField) => FormProblem | undefined;
}

/**
 * The preferred half-days: up to three lists of the half-days the garage can still take in the
 * coming days (open, not full, docs/decisions/075-capacity-in-half-days.md). Plain selects, so
 * that the form works without JavaScript and a phone shows its own picker. A choice kept after a
 * refusal stays listed even when it is no longer offered, so nothing typed is lost.
 */
export function HalfDayChoices(props: HalfDayChoicesProps) {
  const { dates, problemOf } = props;
  const offered = freeHalfDays(props.hours, props.appointments, props.load ?? [], props.today);
  return (
    <fieldset className="request-form__dates">
      <legend>{fieldTitle('preferred_dates')} (facultatif, trois au plus)</legend>
      <p className="request-form__hint">
        {offered.length > 0
          ? `Choisissez jusqu’à trois demi-journées où le garage peut vous recevoir, dans les ${OFFER_DAYS} prochains jours.`
          : `Aucune demi-journée n’est libre dans les ${OFFER_DAYS} prochains jours : indiquez vos disponibilités dans le message, le garage vous répondra.`}
      </p>
      {dates.map((day, index) => {
        const n = index + 1;
        const field: FormField = `date_${n}`;
        const value = halfDayValue(day);
        const kept = value && !offered.some((half) => halfDayValue(half) === value);
        if (offered.length === 0 && !value) return null;
        return (
          <Field key={n} name={field} label={choiceLabel(n)} problem={problemOf(field)}>
            <select
              {...controlProps(field, problemOf(field))}
              value={value}
              onChange={(event) => props.onChange(index, preferredDayOf(event.target.value))}
            >
              <option value="">Aucun</option>
              {kept && <option value={value}>{halfDayText(day)}</option>}
              {offered.map((half) => (
                <option key={halfDayValue(half)} value={halfDayValue(half)}>
                  {halfDayText(half)}
                </option>
              ))}
            </select>
          </Field>
        );
      })}
    </fieldset>
  );
}
