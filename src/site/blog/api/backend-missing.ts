/**
 * Thrown by a blog read when the site runs without a backend
 * (docs/decisions/017-missing-configuration.md), so pages can show the configuration notice
 * rather than a load error.
 */
export class BackendMissingError extends Error {
  constructor() {
    super('Configuration Supabase manquante');
    this.name = 'BackendMissingError';
  }
}
