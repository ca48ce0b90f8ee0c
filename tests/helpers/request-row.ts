import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';

/**
 * What a visitor typed, as a request holds it: a valid request for the garage's first service,
 * with no preferred day. For the tests that store a request directly, and the base of what the
 * form sends (`visitorRequest`). `overrides` replace or add columns.
 */
export function requestRow(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Camille Martin',
    phone: '06 12 34 56 78',
    email: 'camille@exemple.fr',
    vehicle_make: 'Peugeot',
    vehicle_model: '208',
    vehicle_year: 2017,
    service: DEFAULT_CONTENT.services.servicesList[0]!,
    preferred_dates: [],
    consent: true,
    ...overrides,
  };
}
