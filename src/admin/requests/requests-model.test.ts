import { describe, expect, it } from 'vitest';
import requestSchema from '../../../schemas/forms/request.schema.json' with { type: 'json' };
import {
  mailStateText,
  mailtoHref,
  missingMailSettings,
  newRequestsText,
  parsePage,
  parseStatusFilter,
  preferredDatesText,
  replySubject,
  REQUEST_STATUSES,
  STATUS_FILTERS,
  telHref,
} from './requests-model.ts';

describe('the inbox model', () => {
  it('says the preferred days in French, weekday and moment included', () => {
    expect(
      preferredDatesText([
        { date: '2026-12-01', moment: 'matin' },
        { date: '2026-12-02', moment: 'apres-midi' },
      ]),
    ).toBe("mardi 1 décembre 2026, le matin ; mercredi 2 décembre 2026, l'après-midi");
  });

  it('has words for every moment the form offers', () => {
    const moments = requestSchema.properties.preferred_dates.items.properties.moment.enum;
    const said = moments.map((moment) => preferredDatesText([{ date: '2026-12-01', moment }]));
    expect(said).toEqual([
      'mardi 1 décembre 2026, toute la journée',
      'mardi 1 décembre 2026, le matin',
      "mardi 1 décembre 2026, l'après-midi",
    ]);
  });

  it('answers by e-mail with the garage in the subject and the visitor greeted', () => {
    const href = mailtoHref({ email: 'camille@exemple.fr', name: 'Camille' }, 'Garage Martin');
    const url = new URL(href);
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('camille@exemple.fr');
    expect(url.searchParams.get('subject')).toBe('Votre demande de devis – Garage Martin');
    expect(url.searchParams.get('body')).toBe('Bonjour Camille,\n\n');
    expect(replySubject('  ')).toBe('Votre demande de devis');
  });

  it('calls the number the visitor typed, spaces and dots left out', () => {
    expect(telHref('06 12 34 56 78')).toBe('tel:0612345678');
    expect(telHref('+33 6.12.34.56.78')).toBe('tel:+33612345678');
  });

  it('filters by every status of the table, or none, from the address', () => {
    expect(STATUS_FILTERS.map((f) => f.value)).toEqual([
      'toutes',
      ...REQUEST_STATUSES.map((s) => s.value),
    ]);
    for (const { value } of REQUEST_STATUSES) expect(parseStatusFilter(value)).toBe(value);
    expect(parseStatusFilter(null)).toBe('toutes');
    expect(parseStatusFilter('spam')).toBe('toutes');
    expect(parsePage('3')).toBe(3);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('x')).toBe(1);
  });

  it('counts new requests in words', () => {
    expect(newRequestsText(0)).toBe('Aucune nouvelle demande');
    expect(newRequestsText(1)).toBe('1 nouvelle demande');
    expect(newRequestsText(3)).toBe('3 nouvelles demandes');
  });

  it('says where a mail stands', () => {
    expect(mailStateText({ status: 'envoye', attempts: 1 })).toBe('Envoyé');
    expect(mailStateText({ status: 'en_attente', attempts: 0 })).toBe('En attente');
    expect(mailStateText({ status: 'en_attente', attempts: 2 })).toBe('En attente (2 essais)');
    expect(mailStateText({ status: 'echec', attempts: 6 })).toBe('Échec après 6 essais');
  });

  it('names the settings missing for notifications', () => {
    expect(missingMailSettings({ smtp: true, notifyEmail: true })).toEqual([]);
    expect(missingMailSettings({ smtp: false, notifyEmail: true })).toEqual(['SMTP_URL']);
    expect(missingMailSettings({ smtp: false, notifyEmail: false })).toEqual([
      'SMTP_URL',
      'NOTIFY_EMAIL',
    ]);
  });
});
