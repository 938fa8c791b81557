/**
 * Dates as the spec shows them (section 9): dd.MM.yyyy and dd.MM.yyyy HH:mm (24 h), in the Kita's
 * timezone (domain.md "Time"). Formatters are cached per zone: the report formats hundreds of rows.
 */
const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${withTime}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('de-DE', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const } : {}),
    });
    cache.set(key, f);
  }
  return f;
}

/** dd.MM.yyyy */
export const formatDay = (d: Date, timeZone: string) => formatter(timeZone, false).format(d);

/** dd.MM.yyyy HH:mm (Intl puts a comma after the date; the report uses the plain form). */
export const formatDateTime = (d: Date, timeZone: string) => formatter(timeZone, true).format(d).replace(',', '');
