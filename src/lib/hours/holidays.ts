/**
 * French public holidays (jours fériés, code du travail L3133-1) for a year, so that opening hours
 * can say «fermé les jours fériés» with dates instead of a promise. Pure: no clock, no time zone;
 * dates are calendar days written 'YYYY-MM-DD'.
 */

export interface PublicHoliday {
  /** 'YYYY-MM-DD'. */
  date: string;
  /** The French name, as a garage owner would write it on the door. */
  name: string;
}

export interface HolidayOptions {
  /**
   * Moselle, Bas-Rhin and Haut-Rhin keep two more days under their local law (code du travail
   * L3134-13): Good Friday and 26 December.
   */
  alsaceMoselle?: boolean;
}

const iso = (year: number, month: number, day: number): string =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

function checkYear(year: number): void {
  // The Gregorian calendar, which the algorithm assumes, began in October 1582.
  if (!Number.isInteger(year) || year < 1583 || year > 9999) {
    throw new RangeError(`Year out of range: ${year}`);
  }
}

/**
 * Easter Sunday by the anonymous Gregorian algorithm (Meeus/Jones/Butcher): the golden number,
 * the century's corrections for the solar and lunar calendars, then the Sunday after the
 * ecclesiastical full moon. Exact for every Gregorian year, no table needed.
 */
export function easterSunday(year: number): string {
  checkYear(year);
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return iso(year, month, day);
}

/** 'YYYY-MM-DD' plus a number of days, in UTC so that no daylight-saving change shifts it. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const moved = new Date(Date.UTC(y, m - 1, d + days));
  return iso(moved.getUTCFullYear(), moved.getUTCMonth() + 1, moved.getUTCDate());
}

/** The year's public holidays in date order. */
export function publicHolidays(year: number, options: HolidayOptions = {}): PublicHoliday[] {
  checkYear(year);
  const easter = easterSunday(year);
  const holidays: PublicHoliday[] = [
    { date: iso(year, 1, 1), name: 'Jour de l’an' },
    { date: addDays(easter, 1), name: 'Lundi de Pâques' },
    { date: iso(year, 5, 1), name: 'Fête du Travail' },
    { date: iso(year, 5, 8), name: 'Victoire 1945' },
    { date: addDays(easter, 39), name: 'Ascension' },
    // Also the usual «journée de solidarité», when many businesses work: still a public holiday.
    { date: addDays(easter, 50), name: 'Lundi de Pentecôte' },
    { date: iso(year, 7, 14), name: 'Fête nationale' },
    { date: iso(year, 8, 15), name: 'Assomption' },
    { date: iso(year, 11, 1), name: 'Toussaint' },
    { date: iso(year, 11, 11), name: 'Armistice 1918' },
    { date: iso(year, 12, 25), name: 'Noël' },
  ];
  if (options.alsaceMoselle) {
    holidays.push(
      { date: addDays(easter, -2), name: 'Vendredi saint' },
      { date: iso(year, 12, 26), name: 'Saint-Étienne' },
    );
  }
  // Ascension can fall on 1 or 8 May: both stay, each under its own name, in date order.
  return holidays.sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0));
}

/** The holiday on a date ('YYYY-MM-DD'), or null on a working day. */
export function holidayOn(date: string, options: HolidayOptions = {}): PublicHoliday | null {
  const year = Number(date.slice(0, 4));
  return publicHolidays(year, options).find((holiday) => holiday.date === date) ?? null;
}
