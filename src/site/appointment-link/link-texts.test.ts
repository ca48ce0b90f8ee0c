import { describe, expect, it } from 'vitest';
import { APPOINTMENT_LINK_PATH } from '../../../supabase/functions/appointments/handler.ts';
import {
  failureText,
  LINK_PAGE_PATH,
  linkPageTitle,
  linkView,
  MESSAGES,
  wantedHalfDays,
  type LinkState,
} from './link-texts.ts';

const at = (state: LinkState['state'], time: string | null = null): LinkState => ({
  state,
  date: '2026-12-01',
  moment: 'matin',
  time,
});

describe('the appointment link page’s words', () => {
  it('lands where the confirmation mail links to', () => {
    expect(LINK_PAGE_PATH).toBe(APPOINTMENT_LINK_PATH);
  });

  it('says the day and offers both actions for a confirmed appointment', () => {
    expect(linkView(at('confirme', '09:30'), false)).toEqual({
      label: 'Rendez-vous',
      when: 'mardi 1 décembre 2026, le matin (vers 9h30)',
      stateText: '',
      canCancel: true,
      canChange: true,
    });
  });

  it('says a cancelled appointment is cancelled, with no action, unless a notice just said it', () => {
    expect(linkView(at('annule'), false)).toMatchObject({
      label: 'Rendez-vous annulé',
      stateText: MESSAGES.alreadyCancelled,
      canCancel: false,
      canChange: false,
    });
    expect(linkView(at('annule'), true).stateText).toBe('');
  });

  it('after a change request, still lets the customer cancel but not ask again', () => {
    expect(linkView(at('changement'), false)).toMatchObject({
      stateText: MESSAGES.changeSent,
      canCancel: true,
      canChange: false,
    });
  });

  it('offers nothing once the appointment can no longer change online', () => {
    expect(linkView({ ...at('clos'), moment: 'apres-midi' }, true)).toMatchObject({
      when: 'mardi 1 décembre 2026, l’après-midi',
      stateText: MESSAGES.closed,
      canCancel: false,
      canChange: false,
    });
  });

  it('explains each failure in French', () => {
    const refusal = 'Demande refusée : proposez trois demi-journées au plus.';
    expect(failureText({ status: 400, code: '22023', message: refusal })).toBe(refusal);
    expect(failureText({ status: 429, code: '' })).toBe(MESSAGES.tooMany);
    expect(failureText({ status: 0, code: '', message: 'TypeError: Failed to fetch' })).toBe(
      MESSAGES.offline,
    );
    expect(failureText({ status: 500, code: 'XX000', message: 'internal' })).toBe(MESSAGES.failed);
  });

  it('sends only the half-days filled in', () => {
    expect(
      wantedHalfDays([
        { date: ' 2026-12-03 ', moment: 'apres-midi' },
        { date: '', moment: 'matin' },
        { date: '2026-12-04', moment: 'matin' },
      ]),
    ).toEqual([
      { date: '2026-12-03', moment: 'apres-midi' },
      { date: '2026-12-04', moment: 'matin' },
    ]);
  });

  it('names the garage in the title, or says « Garage »', () => {
    expect(linkPageTitle(' Garage Martin ')).toBe('Votre rendez-vous – Garage Martin');
    expect(linkPageTitle(undefined)).toBe('Votre rendez-vous – Garage');
  });
});
