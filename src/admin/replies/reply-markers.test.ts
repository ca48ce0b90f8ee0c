import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { validatorFor } from '../../content/content.ts';
import { DEFAULT_CONTENT } from '../../content/generated/defaults.ts';
import { FORMS } from '../../content/generated/forms.ts';
import { createContentValidator, frenchErrors } from '../editor/content-validator.ts';
import {
  appointmentText,
  fillReply,
  markersLeft,
  markerText,
  REPLY_MARKERS,
  type ReplyContext,
} from './reply-markers.ts';

const context: ReplyContext = {
  request: {
    name: 'Camille Martin',
    vehicle_make: 'Peugeot',
    vehicle_model: '208',
    vehicle_year: 2017,
    service: 'Freins',
    appointment_date: '2026-12-01',
    appointment_moment: 'apres-midi',
    appointment_time: null,
  },
  garage: { name: 'Garage du Centre', phone: '01 23 45 67 89' },
};

describe('filling a reply', () => {
  it('replaces every marker with what the request and the identity say', () => {
    const every = REPLY_MARKERS.map(markerText).join('\n');
    const { text, missing } = fillReply(every, context);
    expect(text.split('\n')).toEqual([
      'Camille Martin',
      'Peugeot 208 (2017)',
      'Freins',
      "mardi 1 décembre 2026, l'après-midi",
      'Garage du Centre',
      '01 23 45 67 89',
    ]);
    expect(missing).toEqual([]);
    expect(markersLeft(text)).toEqual([]);
  });

  it('gives the time of the appointment when the owner set one', () => {
    expect(appointmentText({ ...context.request, appointment_time: '09:30:00' })).toBe(
      'mardi 1 décembre 2026 à 9 h 30',
    );
  });

  it('leaves a marker without a value for the owner to complete, and names it', () => {
    const request = { ...context.request, appointment_date: null, appointment_moment: null };
    const { text, missing } = fillReply('Le [date du rendez-vous] à [nom du garage].', {
      request,
      garage: { name: ' ', phone: '' },
    });
    expect(text).toBe('Le [date du rendez-vous] à [nom du garage].');
    expect(missing).toEqual(['date du rendez-vous', 'nom du garage']);
    expect(markersLeft(text)).toEqual(['date du rendez-vous', 'nom du garage']);
  });

  it('fills the default templates with nothing left but the date of a request without one', () => {
    const request = { ...context.request, appointment_date: null };
    const left = DEFAULT_CONTENT.replies.templates.flatMap(
      (t) => fillReply(`${t.subject}\n${t.body}`, { request, garage: context.garage }).missing,
    );
    expect(left).toEqual(['date du rendez-vous']);
  });
});

describe('the templates form', () => {
  const schema = FORMS.replies.schema as unknown as RJSFSchema;
  const validator = createContentValidator(schema, validatorFor('replies'));
  const errorsFor = (body: string) =>
    validator.validateFormData(
      { templates: [{ title: 'Essai', subject: 'Votre devis', body }] },
      schema,
      undefined,
      frenchErrors(schema),
    ).errorSchema;

  it('accepts every marker it offers', () => {
    expect(errorsFor(REPLY_MARKERS.map(markerText).join(' '))).toEqual({});
  });

  it.each(['Bonjour [prénom]', 'Votre [Véhicule]', 'Bonjour {{nom}} ]'])(
    'refuses %s with a French message that lists the markers',
    (body) => {
      const errors = errorsFor(body) as {
        templates?: Record<number, { body?: { __errors?: string[] } }>;
      };
      const message = errors.templates?.[0]?.body?.__errors?.[0];
      expect(message).toMatch(/« Texte de l'e-mail » contient un marqueur inconnu/);
      for (const marker of REPLY_MARKERS) expect(message).toContain(markerText(marker));
    },
  );
});
