/**
 * Thrown by a blog read when the site runs without a backend (DESIGN.md decision 10), so pages
 * can show the spec's configuration notice rather than a load error.
 */
export class BackendMissingError extends Error {
  constructor() {
    super('Configuration Supabase manquante');
    this.name = 'BackendMissingError';
  }
}
