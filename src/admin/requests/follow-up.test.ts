import { describe, expect, it } from 'vitest';
import { nextSteps, reminderMark, reminderText } from './follow-up.ts';
import { REQUEST_STATUSES } from './requests-model.ts';

describe('the follow-up of a request', () => {
  it('offers the natural next steps of the job', () => {
    expect(nextSteps('rdv_confirme').map((s) => s.label)).toEqual([
      'Véhicule reçu',
      'Non venu',
      'Annulé',
    ]);
    expect(nextSteps('vehicule_recu')).toEqual([{ status: 'terminee', label: 'Terminé' }]);
    expect(nextSteps('archivee')).toEqual([]);
    // Every step leads to another status that exists.
    const known = REQUEST_STATUSES.map((s) => s.value as string);
    for (const { value } of REQUEST_STATUSES)
      for (const step of nextSteps(value)) {
        expect(known).toContain(step.status);
        expect(step.status).not.toBe(value);
      }
  });

  it('says when the customer was reminded, and how its mail stands', () => {
    const at = '2030-03-14T17:00:00Z';
    expect(reminderText(null, undefined)).toBeNull();
    expect(reminderText(at, { status: 'envoye', attempts: 1 })).toBe(
      'Rappel envoyé le 14 mars 2030 à 18:00',
    );
    expect(reminderText(at, { status: 'en_attente', attempts: 0 })).toBe(
      'Rappel du 14 mars 2030 à 18:00 : en attente',
    );
    expect(reminderText(at, { status: 'echec', attempts: 6 })).toBe(
      'Rappel du 14 mars 2030 à 18:00 non envoyé : échec après 6 essais',
    );
    expect(reminderMark(at, 'envoye')).toBe('Rappel envoyé');
    expect(reminderMark(at, 'echec')).toBe('Rappel non envoyé');
    expect(reminderMark(null, null)).toBeNull();
  });
});
