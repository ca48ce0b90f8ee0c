import { describe, expect, it } from 'vitest';
import requestSchema from '../../../schemas/forms/request.schema.json' with { type: 'json' };
import {
  emptyValues,
  FORM_ORDER,
  payloadFromValues,
  valuesFromFields,
  type RequestFormValues,
} from './request-form-model.ts';
import { problemFromRefusal, requestProblems } from './request-problems.ts';

const filled = (change: Partial<RequestFormValues> = {}): RequestFormValues => ({
  ...emptyValues(),
  name: 'Camille Martin',
  phone: '06 12 34 56 78',
  vehicle_make: 'Peugeot',
  vehicle_model: '208',
  vehicle_year: '2017',
  service: 'Autre',
  consent: true,
  ...change,
});

describe('the request form model', () => {
  it('reads a posted form: texts as typed, the box ticked or not, unknown moments as the day', () => {
    const posted: Record<string, string> = {
      name: ' Camille ',
      vehicle_year: '2017',
      date_1: '2030-05-02',
      moment_1: 'matin',
      date_2: '2030-05-03',
      moment_2: 'minuit',
      consent: 'on',
    };
    const values = valuesFromFields((key) => posted[key]);
    expect(values.name).toBe(' Camille ');
    expect(values.email).toBe('');
    expect(values.consent).toBe(true);
    expect(values.dates.slice(0, 2)).toEqual([
      { date: '2030-05-02', moment: 'matin' },
      { date: '2030-05-03', moment: 'journee' },
    ]);
    expect(values.dates).toHaveLength(requestSchema.properties.preferred_dates.maxItems);
    expect(valuesFromFields(() => undefined).consent).toBe(false);
  });

  it('sends the schema’s fields: the year as a number, only the days given', () => {
    const payload = payloadFromValues(
      filled({
        dates: [
          { date: '', moment: 'matin' },
          { date: '2030-05-03', moment: 'matin' },
        ],
      }),
    );
    expect(Object.keys(payload).every((key) => key in requestSchema.properties)).toBe(true);
    expect(payload.vehicle_year).toBe(2017);
    expect(payload.preferred_dates).toEqual([{ date: '2030-05-03', moment: 'matin' }]);
    expect(payloadFromValues(filled({ vehicle_year: 'vieille' })).vehicle_year).toBe('vieille');
    expect('vehicle_year' in payloadFromValues(filled({ vehicle_year: ' ' }))).toBe(false);
  });
});

describe('the request form’s problems', () => {
  it('has none for a form that can be sent, with a phone or an email', () => {
    expect(requestProblems(filled())).toEqual([]);
    expect(requestProblems(filled({ phone: ' ', email: 'camille@exemple.fr' }))).toEqual([]);
  });

  it('says each field’s first problem in French, in the form’s order', () => {
    const problems = requestProblems({
      ...emptyValues(),
      email: 'camille@',
      vehicle_year: '1850',
      plate: 'AB/12',
      dates: [
        { date: '', moment: 'journee' },
        { date: 'demain', moment: 'matin' },
        { date: '', moment: 'journee' },
      ],
    });
    expect(problems).toEqual([
      { field: 'name', message: '« Nom » est obligatoire.' },
      { field: 'email', message: '« E-mail » doit être une adresse e-mail valide.' },
      { field: 'vehicle_make', message: '« Marque du véhicule » est obligatoire.' },
      { field: 'vehicle_model', message: '« Modèle du véhicule » est obligatoire.' },
      {
        field: 'vehicle_year',
        message: '« Année du véhicule » doit être supérieur ou égal à 1900.',
      },
      { field: 'plate', message: requestSchema.properties.plate['x-message'] },
      { field: 'service', message: '« Besoin » est obligatoire.' },
      // The second day row is the first day sent.
      { field: 'date_2', message: '« Jour » (date 2) doit être une date valide.' },
      { field: 'consent', message: requestSchema.properties.consent['x-message'] },
    ]);
    expect(problems.map((p) => FORM_ORDER.indexOf(p.field!))).toEqual(
      problems.map((p) => FORM_ORDER.indexOf(p.field!)).sort((a, b) => a - b),
    );
  });

  it('asks for a phone or an email once, next to the phone', () => {
    expect(requestProblems(filled({ phone: '', email: '  ' }))).toEqual([
      { field: 'phone', message: requestSchema.allOf[0]!['x-message'] },
    ]);
  });

  it('refuses control characters and direction overrides, but not a message’s line breaks', () => {
    const invisible = ['\u0007', '\u001b', '\u0085', '\u202e', '\u2066'];
    for (const char of invisible) {
      const problems = requestProblems(
        filled({ name: `Camille${char}`, vehicle_model: `20${char}8`, message: `Bonjour${char}` }),
      );
      expect(problems.map((p) => p.field)).toEqual(['name', 'vehicle_model', 'message']);
      for (const problem of problems) expect(problem.message).toMatch(/caractère invisible/);
      expect(problems[0]!.message).toBe(requestSchema.properties.name.allOf[0]!['x-message']);
    }
    expect(requestProblems(filled({ message: 'Bonjour,\r\n\tmerci.\nÀ bientôt' }))).toEqual([]);
    expect(requestProblems(filled({ name: 'Camille\nMartin' }))[0]!.field).toBe('name');
  });

  it('places a refusal of the database next to the field it names, or on the whole form', () => {
    expect(problemFromRefusal('Demande refusée : « Nom » est obligatoire.')).toEqual({
      field: 'name',
      message: '« Nom » est obligatoire.',
    });
    expect(
      problemFromRefusal(
        "Demande refusée : « Dates souhaitées » : choisissez des jours à venir, dans l'année.",
      ).field,
    ).toBe('date_1');
    expect(
      problemFromRefusal(`Demande refusée : ${requestSchema.properties.consent['x-message']}`)
        .field,
    ).toBe('consent');
    const tooFast =
      'le formulaire a été envoyé trop vite. Attendez quelques secondes, puis envoyez-le à nouveau.';
    expect(problemFromRefusal(`Demande refusée : ${tooFast}`)).toEqual({
      field: null,
      message: `L${tooFast.slice(1)}`,
    });
  });
});
