/**
 * How long the site keeps what it records, in one place: the server's jobs apply these periods
 * and the privacy page and the request form's notice state them (docs/legal.md#privacy).
 */

/** A customer's request is deleted this many months after it was sent (REQUEST_RETENTION_MONTHS's default). */
export const REQUEST_RETENTION_MONTHS = 24;

/**
 * Single visits are kept this many months, then only their count per day and page: the CNIL's
 * limit for audience-measurement data exempt from consent.
 */
export const VISIT_RETENTION_MONTHS = 25;

/** What the site keeps in a visitor's browser is forgotten this many months after it was first written. */
export const BROWSER_MEMORY_MONTHS = 13;
