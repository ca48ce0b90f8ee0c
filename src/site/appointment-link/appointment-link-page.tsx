import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSiteContent } from '../../content/api.ts';
import { parisToday } from '../../lib/hours/paris-day.ts';
import { loadPublicRest } from '../../lib/public-client.ts';
import { addressText, mapLink } from '../../../supabase/functions/appointments/appointment-text.ts';
import { Message } from '../../lib/message/message.tsx';
import { SimplePageLayout } from '../layout/simple-page-layout.tsx';
import { usePageHead } from '../seo/use-page-head.ts';
import {
  failureText,
  LABELS,
  linkPageTitle,
  linkView,
  MESSAGES,
  wantedHalfDays,
  type LinkState,
} from './link-texts.ts';

/**
 * `/rendez-vous/gerer?j=<token>` in the browser, for a static host in front of hosted Supabase
 * (docs/decisions/076-appointment-confirmation.md): the page the self-hosted server renders as
 * plain forms, here calling the same three security-definer functions through the API as a
 * visitor, with the same words (link-texts.ts). The self-hosted server answers this address
 * itself, with a page that loads no script, so this page never replaces it.
 */

type Notice = { kind: 'success' | 'error'; text: string };
type Phase = 'loading' | 'ready' | 'unreachable';
type Wanted = { date: string; moment: string };

const EMPTY_WANTED: Wanted[] = [1, 2, 3].map(() => ({ date: '', moment: 'matin' }));

/** The link's token, from the address (the mail's link carries it as `j`). */
function tokenFromAddress(): string {
  if (typeof window === 'undefined') return '';
  return (new URLSearchParams(window.location.search).get('j') ?? '').slice(0, 200);
}

/** One of the link's functions, as a visitor: its answer, or the French sentence of its failure. */
async function call(
  fn: 'appointment_link_view' | 'appointment_link_cancel' | 'appointment_link_change',
  args: Record<string, unknown>,
): Promise<{ ok: true; state: LinkState | null } | { ok: false; text: string }> {
  const rest = await loadPublicRest().catch(() => null);
  if (!rest) return { ok: false, text: MESSAGES.noBackend };
  const { data, error, status } = await rest.rpc(fn, args);
  if (error)
    return { ok: false, text: failureText({ status, code: error.code, message: error.message }) };
  return { ok: true, state: (data as LinkState | null) ?? null };
}

export function AppointmentLinkPage() {
  const { content } = useSiteContent();
  usePageHead(null);
  const identity = content.identity;
  const [token] = useState(tokenFromAddress);
  // The link's state as the page opened; an action's answer then replaces it.
  const opened = useQuery({
    queryKey: ['appointment-link', token],
    queryFn: () => call('appointment_link_view', { token }),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const [acted, setActed] = useState<LinkState | null | undefined>();
  const [notice, setNotice] = useState<Notice | undefined>();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [wanted, setWanted] = useState<Wanted[]>(EMPTY_WANTED);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const focusNotice = useRef(false);
  const id = useId();
  const [today] = useState(() => parisToday(Date.now()));
  const [lastDay] = useState(() => parisToday(Date.now() + 366 * 86_400_000));

  // After an action, what happened is read out and focused, where the server's page reloads.
  useEffect(() => {
    if (focusNotice.current && notice) {
      focusNotice.current = false;
      noticeRef.current?.focus();
    }
  }, [notice]);
  useEffect(() => {
    if (confirmCancel) confirmRef.current?.focus();
  }, [confirmCancel]);

  const act = async (
    fn: 'appointment_link_cancel' | 'appointment_link_change',
    args: Record<string, unknown>,
    success: string,
  ) => {
    setBusy(true);
    const answer = await call(fn, { token, ...args });
    setBusy(false);
    focusNotice.current = true;
    if (!answer.ok) {
      // Nothing typed is lost: the form keeps its values, the page its appointment.
      setNotice({ kind: 'error', text: answer.text });
      return false;
    }
    setConfirmCancel(false);
    setActed(answer.state);
    setNotice(answer.state ? { kind: 'success', text: success } : undefined);
    return true;
  };

  const cancel = () => void act('appointment_link_cancel', {}, MESSAGES.cancelled);
  const change = async (event: FormEvent) => {
    event.preventDefault();
    const done = await act(
      'appointment_link_change',
      { message: message.slice(0, 2000), wanted: wantedHalfDays(wanted) },
      MESSAGES.changeSent,
    );
    if (done) {
      setMessage('');
      setWanted(EMPTY_WANTED);
    }
  };
  const keep = () => {
    setConfirmCancel(false);
    // Back where the question was asked.
    requestAnimationFrame(() => cancelRef.current?.focus());
  };

  const phase: Phase = opened.isPending
    ? 'loading'
    : opened.data?.ok === false
      ? 'unreachable'
      : 'ready';
  const appointment = acted !== undefined ? acted : opened.data?.ok ? opened.data.state : null;
  // A failed opening says why; a retry that works clears it.
  const shown: Notice | undefined =
    notice ?? (opened.data?.ok === false ? { kind: 'error', text: opened.data.text } : undefined);
  const view = appointment ? linkView(appointment, Boolean(shown)) : null;
  const name = identity.name?.trim() || LABELS.garage;
  const address = addressText(identity);

  return (
    <SimplePageLayout>
      <article
        className="appointment-link"
        aria-busy={phase === 'loading' || opened.isFetching || busy}
      >
        <title>{linkPageTitle(identity.name)}</title>
        <meta name="robots" content="noindex" />
        <meta name="referrer" content="no-referrer" />
        <h1>{LABELS.heading}</h1>
        {shown && (
          <Message
            kind={shown.kind}
            ref={noticeRef}
            tabIndex={-1}
            className="appointment-link__notice"
          >
            {shown.text}
          </Message>
        )}
        {phase === 'loading' && (
          <p className="appointment-link__loading" role="status">
            {LABELS.loading}
          </p>
        )}
        {phase === 'unreachable' && (
          <p>
            <button
              type="button"
              className="button"
              onClick={() => void opened.refetch()}
              disabled={opened.isFetching}
            >
              Réessayer
            </button>
          </p>
        )}
        {phase === 'ready' && !view && !shown && (
          <p className="appointment-link__notice appointment-link__notice--error">
            {MESSAGES.invalid}
          </p>
        )}
        {phase === 'ready' && view && (
          <>
            <p className="appointment-link__when">
              {view.label} : <strong>{view.when}</strong>
            </p>
            {view.stateText && <p className="appointment-link__notice">{view.stateText}</p>}
            {view.canCancel &&
              (confirmCancel ? (
                <div className="appointment-link__confirm">
                  <p>{LABELS.confirmQuestion}</p>
                  <button
                    ref={confirmRef}
                    type="button"
                    className="button appointment-link__danger"
                    disabled={busy}
                    onClick={cancel}
                  >
                    {LABELS.confirmYes}
                  </button>
                  <button
                    type="button"
                    className="appointment-link__keep"
                    disabled={busy}
                    onClick={keep}
                  >
                    {LABELS.confirmNo}
                  </button>
                </div>
              ) : (
                <p>
                  <button
                    ref={cancelRef}
                    type="button"
                    className="button appointment-link__danger"
                    onClick={() => setConfirmCancel(true)}
                  >
                    {LABELS.cancel}
                  </button>
                </p>
              ))}
            {view.canChange && !confirmCancel && (
              <form className="request-form appointment-link__change" onSubmit={change}>
                <h2>{LABELS.changeHeading}</h2>
                <div className="request-form__field">
                  <label htmlFor={`${id}-message`}>{LABELS.message}</label>
                  <textarea
                    id={`${id}-message`}
                    rows={3}
                    maxLength={500}
                    value={message}
                    onChange={(event) => setMessage(event.target.value)}
                  />
                </div>
                {wanted.map((row, index) => {
                  const n = index + 1;
                  const update = (part: Partial<Wanted>) =>
                    setWanted((rows) =>
                      rows.map((old, i) => (i === index ? { ...old, ...part } : old)),
                    );
                  return (
                    <fieldset key={n}>
                      <legend>{LABELS.halfDay(n)}</legend>
                      <div className="request-form__field">
                        <label htmlFor={`${id}-date${n}`}>{LABELS.day}</label>
                        <input
                          id={`${id}-date${n}`}
                          type="date"
                          min={today}
                          max={lastDay}
                          value={row.date}
                          onChange={(event) => update({ date: event.target.value })}
                        />
                      </div>
                      <div className="request-form__field">
                        <label htmlFor={`${id}-moment${n}`}>{LABELS.moment}</label>
                        <select
                          id={`${id}-moment${n}`}
                          value={row.moment}
                          onChange={(event) => update({ moment: event.target.value })}
                        >
                          <option value="matin">{LABELS.morning}</option>
                          <option value="apres-midi">{LABELS.afternoon}</option>
                        </select>
                      </div>
                    </fieldset>
                  );
                })}
                <button type="submit" className="button request-form__submit" disabled={busy}>
                  {LABELS.changeSubmit}
                </button>
              </form>
            )}
          </>
        )}
        <section className="appointment-link__garage" aria-label={LABELS.garage}>
          <h2>{name}</h2>
          {address && (
            <p>
              {address}
              <br />
              <a href={mapLink(identity)} rel="noreferrer">
                {LABELS.map}
              </a>
            </p>
          )}
          {identity.phone && (
            <p>
              <a className="button" href={`tel:${identity.phone.replace(/[^+\d]/g, '')}`}>
                {LABELS.call(identity.phone)}
              </a>
            </p>
          )}
        </section>
      </article>
    </SimplePageLayout>
  );
}
