import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import {
  CONSENT_TEXT,
  OTHER_SERVICE,
  fieldTitle,
  type FormField,
  type FormProblem,
  type RequestFormState,
  type RequestFormValues,
  type TextField,
  valuesFromFields,
} from './request-form-model.ts';
import type { AppointmentsContent, HoursContent } from '../../content/generated/types.ts';
import { fetchFormStart } from './api/form-start.ts';
import { fetchHalfDayLoad } from './api/half-day-load.ts';
import { submitRequest } from './api/submit-request.ts';
import { HalfDayChoices } from './half-day-choices.tsx';
import { parisDay } from './preferred-days.ts';
import { isExpiredStart, requestProblems } from './request-problems.ts';
import {
  controlProps,
  Field,
  FieldError,
  inputId,
  ProblemSummary,
  type ControlProps,
} from './request-form-field.tsx';
import { SENT_TEXT, SENT_TITLE } from './request-messages.ts';
import { REQUEST_FORM_PATH } from './request-route.ts';
import { arrivalSource } from './arrival.ts';

interface RequestFormProps {
  initial: RequestFormState;
  services: readonly string[];
  /** The garage's hours and the vehicles it takes per half-day: the half-days offered. */
  hours: HoursContent;
  appointments: AppointmentsContent;
  privacyPath: string;
  /** What the visitor is told about their data, shown under the consent box. */
  notice?: ReactNode;
}

/**
 * The quote and appointment request form (docs/product.md#quote-and-appointment-requests): a
 * plain form that posts to the server without JavaScript; hydrated, it checks with the same rules,
 * sends through the public API and shows the confirmation without reloading.
 */
export function RequestForm({
  initial,
  services,
  hours,
  appointments,
  privacyPath,
  notice,
}: RequestFormProps) {
  const [values, setValues] = useState<RequestFormValues>(initial.values);
  const [problems, setProblems] = useState<FormProblem[]>(initial.problems);
  const [sent, setSent] = useState(initial.sent);
  const [sending, setSending] = useState(false);
  const [startedAt, setStartedAt] = useState(initial.startedAt);
  const [today, setToday] = useState(initial.today);
  // The half-days' load, with the day it was read from (a page made on another day reads again).
  const [load, setLoad] = useState(
    initial.load ? { from: initial.today, rows: initial.load } : null,
  );
  const summary = useRef<HTMLDivElement>(null);
  const confirmation = useRef<HTMLDivElement>(null);
  // What to focus once the next render is on screen: the summary of problems or the confirmation.
  // Focused from an effect, after React has committed them (an animation frame may come first).
  const focusNext = useRef<'summary' | 'confirmation' | null>(null);
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    (target === 'summary' ? summary : confirmation).current?.focus();
  });

  // On a slow phone the server's form is on screen before this script: what the visitor typed
  // meanwhile is in the fields but not in the state, and the first render would erase it. Read the
  // fields once, as the server would read them posted, so that nothing typed is lost.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!form.current) return;
    const fields = new FormData(form.current);
    const typed = valuesFromFields((name) => {
      const value = fields.get(name);
      return typeof value === 'string' ? value : undefined;
    });
    setValues((current) => (JSON.stringify(current) === JSON.stringify(typed) ? current : typed));
  }, []);

  // A form the server did not render (a static host's page, made at build time) asks the
  // database for its signed start when shown, and offers days from today on.
  useEffect(() => {
    if (startedAt !== null) return;
    let current = true;
    void fetchFormStart().then((start) => {
      if (!current) return;
      setToday(parisDay(Date.now()));
      if (start) setStartedAt(start);
    });
    return () => {
      current = false;
    };
  }, [startedAt]);

  // A form the server rendered without the half-days' load (or not at all) asks for it once
  // shown, so that it offers only the half-days with room left.
  useEffect(() => {
    if (load?.from === today) return;
    let current = true;
    void fetchHalfDayLoad(today).then((rows) => {
      if (current && rows) setLoad({ from: today, rows });
    });
    return () => {
      current = false;
    };
  }, [load?.from, today]);

  const problemOf = (field: FormField) => problems.find((p) => p.field === field);
  const setText = (field: TextField, value: string) => setValues((v) => ({ ...v, [field]: value }));

  const showProblems = (found: FormProblem[]) => {
    setProblems(found);
    // Once rendered: the summary says what to correct, and links to each field.
    focusNext.current = 'summary';
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    // Read now: the event no longer names its form once this handler has awaited.
    const website = new FormData(event.currentTarget).get('website');
    const found = requestProblems(values);
    if (found.length) return showProblems(found);
    setSending(true);
    const start = startedAt ?? (await fetchFormStart());
    // Where the visitor came from: the arrival the browser kept, else the server's reading.
    const source = (await arrivalSource()) ?? initial.source ?? null;
    const problem = await submitRequest(values, { website, startedAt: start, source });
    // A start the database did not sign is replaced: sending again in a few seconds works.
    if (problem && isExpiredStart(problem)) setStartedAt(await fetchFormStart());
    else if (start !== startedAt) setStartedAt(start);
    setSending(false);
    if (problem) return showProblems([problem]);
    setProblems([]);
    setSent(true);
    focusNext.current = 'confirmation';
  };

  if (sent) {
    return (
      <div ref={confirmation} className="request-sent" role="status" tabIndex={-1}>
        <h2>{SENT_TITLE}</h2>
        <p>{SENT_TEXT}</p>
        <p>
          <Link to="/">Retour à l’accueil</Link>
        </p>
      </div>
    );
  }

  const field = (name: TextField, control: (props: ControlProps) => ReactNode) => (
    <Field name={name} label={fieldTitle(name)} problem={problemOf(name)}>
      {control(controlProps(name, problemOf(name)))}
    </Field>
  );
  const text = (name: TextField, extra: Record<string, string | number | boolean> = {}) =>
    field(name, (props) => (
      <input
        {...props}
        {...extra}
        value={values[name]}
        onChange={(e) => setText(name, e.target.value)}
      />
    ));

  return (
    <form
      ref={form}
      className="request-form"
      method="post"
      action={REQUEST_FORM_PATH}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-busy={sending}
    >
      {problems.length > 0 && <ProblemSummary ref={summary} problems={problems} />}
      <p className="request-form__required">Les champs marqués d’un * sont obligatoires.</p>

      <fieldset>
        <legend>Vos coordonnées</legend>
        {text('name', { autoComplete: 'name', required: true })}
        <p className="request-form__hint">
          Indiquez un téléphone ou une adresse e-mail (au moins l’un des deux).
        </p>
        {text('phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
        {text('email', { type: 'email', autoComplete: 'email' })}
      </fieldset>

      <fieldset>
        <legend>Votre véhicule</legend>
        {text('vehicle_make', { required: true })}
        {text('vehicle_model', { required: true })}
        {text('vehicle_year', { inputMode: 'numeric', required: true })}
        {text('plate', { autoCapitalize: 'characters' })}
      </fieldset>

      <fieldset>
        <legend>Votre besoin</legend>
        {field('service', (props) => (
          <select
            {...props}
            required
            value={values.service}
            onChange={(e) => setText('service', e.target.value)}
          >
            <option value="">Choisissez…</option>
            {[...services, OTHER_SERVICE].map((service) => (
              <option key={service} value={service}>
                {service}
              </option>
            ))}
          </select>
        ))}
        <HalfDayChoices
          hours={hours}
          appointments={appointments}
          load={load?.rows ?? null}
          today={today}
          dates={values.dates}
          onChange={(index, day) =>
            setValues((v) => ({ ...v, dates: v.dates.map((d, i) => (i === index ? day : d)) }))
          }
          problemOf={problemOf}
        />
        {field('message', (props) => (
          <textarea
            {...props}
            rows={5}
            value={values.message}
            onChange={(e) => setText('message', e.target.value)}
          />
        ))}
      </fieldset>

      <div className="request-form__consent">
        <input
          {...controlProps('consent', problemOf('consent'))}
          type="checkbox"
          required
          checked={values.consent}
          onChange={(e) => setValues((v) => ({ ...v, consent: e.target.checked }))}
        />
        <label htmlFor={inputId('consent')}>
          {CONSENT_TEXT} * (<Link to={privacyPath}>politique de confidentialité</Link>)
        </label>
        {problemOf('consent') && <FieldError field="consent" problem={problemOf('consent')!} />}
      </div>
      {notice}

      {/* For robots only: people never see it, nor does assistive technology. */}
      <div className="request-form__trap" aria-hidden="true">
        <label htmlFor="demande-website">Ne pas remplir</label>
        <input id="demande-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <input type="hidden" name="started_at" value={startedAt ?? ''} />
      <input type="hidden" name="source" value={initial.source?.source ?? ''} />
      <input type="hidden" name="campagne" value={initial.source?.campagne ?? ''} />

      <button type="submit" className="button request-form__submit" disabled={sending}>
        {sending ? 'Envoi en cours…' : 'Envoyer ma demande'}
      </button>
    </form>
  );
}
