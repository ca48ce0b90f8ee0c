/**
 * How query results come back, the same from PGlite and from a PostgreSQL server: booleans as
 * booleans, int2/int4/float4/float8 as numbers, and every other type as the text Postgres printed
 * (json, timestamps, bigint, numeric). Code that needs JSON parses it where it needs it.
 */
export const NUMBER_OIDS = [21, 23, 700, 701];

/** Types PGlite would otherwise turn into objects, Dates or bigints. */
export const TEXT_OIDS = [20, 114, 1082, 1114, 1184, 1700, 3802, 1083, 1266, 1186];
