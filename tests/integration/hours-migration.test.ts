import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, MIGRATIONS_DIR } from '../../server/db/migrate.ts';
import type { Database } from '../../server/db/database.ts';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import { publicHolidays } from '../../src/lib/hours/holidays.ts';
import { sql } from '../helpers/fixtures.ts';
import { DATABASE_BACKENDS, type OpenedDatabase } from '../helpers/postgres-db.ts';

// Opening hours in the database (supabase/migrations/20261127190100_hours.sql), on embedded
// PGlite and on PostgreSQL: a site saved with the four free texts is upgraded to the structure
// (what cannot be read is kept in the note), the public holidays match src/lib/hours/holidays.ts,
// and a save whose ranges or dates make no sense is refused in French.

const HOURS_MIGRATION = '20261127190000';

const OLD_TEXTS = {
  weekdays: '8h-12h, 14h30–19h',
  saturday: 'Sur rendez-vous le matin',
  sunday: 'Fermé',
  holidays: 'Selon les semaines',
};

describe.each(DATABASE_BACKENDS)('opening hours in the database (%s)', (_name, open) => {
  let root: string;
  let opened: OpenedDatabase;
  let db: Database;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'garage-hours-'));
    const previous = path.join(root, 'migrations');
    await mkdir(previous);
    for (const file of await readdir(MIGRATIONS_DIR)) {
      if (file.split('_')[0]! < HOURS_MIGRATION)
        await copyFile(path.join(MIGRATIONS_DIR, file), path.join(previous, file));
    }
    opened = await open(path.join(root, 'data'));
    db = opened.db;
    await migrate(db, previous);
    await sql(db, `delete from public.site_content where type = 'hours'`);
    await sql(db, `insert into public.site_content (type, content) values ('hours', $1::jsonb)`, [
      JSON.stringify(OLD_TEXTS),
    ]);
    await migrate(db);
  }, 120_000);
  afterAll(async () => {
    await opened?.close();
    await rm(root, { recursive: true, force: true });
  });

  const stored = async () => {
    const [row] = await sql<{ content: string }>(
      db,
      `select content::text as content from public.site_content where type = 'hours'`,
    );
    return JSON.parse(row!.content) as unknown;
  };
  const fromTexts = async (texts: Record<string, string>) => {
    const [row] = await sql<{ content: string }>(
      db,
      'select private.hours_from_texts($1::jsonb)::text as content',
      [JSON.stringify(texts)],
    );
    return JSON.parse(row!.content) as typeof DEFAULT_CONTENT.hours;
  };

  it('upgrades the stored texts, keeping the words it cannot read in the note', async () => {
    const week = DEFAULT_CONTENT.hours.week;
    const weekdays = [
      { opens: '08:00', closes: '12:00' },
      { opens: '14:30', closes: '19:00' },
    ];
    expect(await stored()).toEqual({
      week: {
        lundi: weekdays,
        mardi: weekdays,
        mercredi: weekdays,
        jeudi: weekdays,
        vendredi: weekdays,
        samedi: week.samedi,
        dimanche: [],
      },
      closures: [],
      openings: [],
      note: 'Samedi : Sur rendez-vous le matin\nJours fériés : Selon les semaines',
    });
  });

  it('reads the spec defaults back as the defaults, with no note', async () => {
    expect(
      await fromTexts({
        weekdays: '9h00 - 13h00 et 14h00 - 18h00',
        saturday: 'Fermé',
        sunday: 'fermé',
        holidays: 'Fermé',
      }),
    ).toEqual(DEFAULT_CONTENT.hours);
  });

  it('reads the usual ways of writing hours, and nothing it would have to guess', async () => {
    const days = async (text: string) =>
      (await fromTexts({ ...OLD_TEXTS, saturday: text })).week.samedi;
    expect(await days('9h-12h')).toEqual([{ opens: '09:00', closes: '12:00' }]);
    expect(await days('09:00 à 17:30')).toEqual([{ opens: '09:00', closes: '17:30' }]);
    expect(await days(' Fermée. ')).toEqual([]);
    for (const text of [
      'Le matin',
      '9h - 13h et 12h - 18h',
      '18h - 9h',
      '9h60 - 10h',
      '9h - 25h',
    ]) {
      const hours = await fromTexts({ ...OLD_TEXTS, saturday: text });
      expect(hours.week.samedi).toEqual(DEFAULT_CONTENT.hours.week.samedi);
      expect(hours.note).toContain(`Samedi : ${text}`);
    }
    // Weekdays that cannot be read take the defaults, and their words go to the note.
    const unread = await fromTexts({ ...OLD_TEXTS, weekdays: 'Du mardi au samedi, 8h-18h' });
    expect(unread.week.lundi).toEqual(DEFAULT_CONTENT.hours.week.lundi);
    expect(unread.note).toMatch(/^Du lundi au vendredi : Du mardi au samedi, 8h-18h\n/);
  });

  it('knows the schema defaults', async () => {
    const [row] = await sql<{ content: string }>(
      db,
      'select private.hours_default()::text as content',
    );
    expect(JSON.parse(row!.content)).toEqual(DEFAULT_CONTENT.hours);
  });

  it('finds every French public holiday as src/lib/hours/holidays.ts does, 1990 to 2100', async () => {
    const rows = await sql<{ day: string; name: string }>(
      db,
      `select to_char(d, 'YYYY-MM-DD') as day, private.public_holiday(d::date) as name
         from generate_series('1990-01-01'::date, '2100-12-31'::date, interval '1 day') d
        where private.public_holiday(d::date) is not null
        order by d`,
    );
    const expected = [];
    for (let year = 1990; year <= 2100; year += 1) expected.push(...publicHolidays(year));
    // Ascension on 1 or 8 May: the same day under two names in TypeScript, one row here.
    const byDay = new Map(expected.map((h) => [h.date, h.name]));
    expect(rows.map((r) => r.day)).toEqual([...byDay.keys()]);
    for (const row of rows) {
      const names = expected.filter((h) => h.date === row.day).map((h) => h.name);
      expect(names).toContain(row.name);
    }
  });

  it('refuses hours whose ranges or dates make no sense, in French', async () => {
    const save = (content: unknown) =>
      sql(db, `update public.site_content set content = $1::jsonb where type = 'hours'`, [
        JSON.stringify(content),
      ]);
    const base = DEFAULT_CONTENT.hours;
    await expect(
      save({ ...base, week: { ...base.week, mardi: [{ opens: '18:00', closes: '09:00' }] } }),
    ).rejects.toThrow(
      "Contenu « hours » refusé : « Mardi », plage 1 : la fermeture (9h00) doit venir après l'ouverture (18h00).",
    );
    await expect(
      save({
        ...base,
        week: {
          ...base.week,
          samedi: [
            { opens: '09:00', closes: '13:00' },
            { opens: '12:00', closes: '18:00' },
          ],
        },
      }),
    ).rejects.toThrow('« Samedi » : la plage 2 doit commencer après la fin de la plage 1 (13h00).');
    await expect(
      save({ ...base, closures: [{ from: '2027-08-24', to: '2027-08-10' }], openings: [] }),
    ).rejects.toThrow(
      'Fermeture n°1 : le dernier jour (« Au ») doit être le premier jour ou après.',
    );
    await expect(
      save({ ...base, closures: [{ from: '2027-02-31', to: '2027-03-02' }], openings: [] }),
    ).rejects.toThrow("Fermeture n°1 : le 2027-02-31 n'existe pas.");
    const summer = {
      ...base,
      closures: [{ from: '2027-08-10', to: '2027-08-24', label: 'Congés' }],
      openings: [],
    };
    await save(summer);
    expect(await stored()).toEqual(summer);
  });
});
