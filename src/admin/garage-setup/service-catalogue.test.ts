import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from '../../content/generated/defaults.ts';
import { readLine, SERVICE_CATALOGUE, writeLine } from './service-catalogue.ts';

describe('the service catalogue', () => {
  it('recognises every line the site ships with', () => {
    for (const line of DEFAULT_CONTENT.services.servicesList) {
      expect(readLine(line).kind, line).toBe('catalogue');
    }
  });

  it('reads a line back as it was written, accents and case aside', () => {
    expect(readLine(writeLine('Échappement', ' silencieux neuf '))).toEqual({
      kind: 'catalogue',
      name: 'Échappement',
      description: 'silencieux neuf',
    });
    expect(readLine('echappement')).toEqual({
      kind: 'catalogue',
      name: 'Échappement',
      description: '',
    });
    expect(writeLine('Batterie', '  ')).toBe('Batterie');
  });

  it('keeps a line of the owner’s own as it is', () => {
    expect(readLine('Préparation au contrôle technique')).toEqual({
      kind: 'own',
      text: 'Préparation au contrôle technique',
    });
  });

  it('offers the common work of a garage, each once', () => {
    const names = SERVICE_CATALOGUE.map((service) => service.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeGreaterThanOrEqual(12);
  });
});
