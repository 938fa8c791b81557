import type { EventInput } from '@kita/shared';

/**
 * The one place where the inquiry's dates change names between the database and the API. The
 * columns are named for what they mean (care starts, care ends, answers close); the API keeps the
 * names it was published with (eventDate, expireDate, responseDeadline), which clients and the
 * web already speak. Everything on the server below the route works with the database names.
 */

/** The inquiry's four instants, named as in the database. */
export interface CareDates {
  /** First day (and time) of emergency care; on the wire `eventDate`. */
  careStartsAt: Date;
  /** End of the care period (slots can be released until then); on the wire `expireDate`. */
  careEndsAt: Date;
  /** Answers are accepted until then; the inquiry closes at it. On the wire `responseDeadline`. */
  answersCloseAt: Date;
  /** When the families are asked; on the wire `opensAt` too. */
  opensAt: Date;
}

/** The same instants as the API names them (ISO 8601 UTC strings). */
export interface WireDates {
  eventDate: string;
  expireDate: string;
  responseDeadline: string;
  opensAt: string;
}

export const toIso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

/** Database names to wire names; a date the caller does not have stays out. */
export function toWireDates<T extends Partial<CareDates>>(
  d: T,
): { [K in keyof T & keyof CareDates as (typeof WIRE_NAME)[K]]: string } {
  const out: Record<string, string> = {};
  for (const key of Object.keys(WIRE_NAME) as Array<keyof CareDates>) {
    const v = d[key];
    if (v !== undefined && v !== null) out[WIRE_NAME[key]] = toIso(v);
  }
  return out as never;
}

/** The wire name of each date column (audit details and validation paths speak the wire names). */
export const WIRE_NAME = {
  careStartsAt: 'eventDate',
  careEndsAt: 'expireDate',
  answersCloseAt: 'responseDeadline',
  opensAt: 'opensAt',
} as const satisfies Record<keyof CareDates, keyof WireDates>;

/** Wire names to database names for the dates an event form sends (absent ones stay undefined). */
export function fromWireDates(input: Pick<EventInput, 'eventDate' | 'expireDate' | 'responseDeadline' | 'opensAt'>): Partial<CareDates> {
  const at = (v: string | null | undefined) => (v ? new Date(v) : undefined);
  return {
    careStartsAt: at(input.eventDate),
    careEndsAt: at(input.expireDate),
    answersCloseAt: at(input.responseDeadline),
    opensAt: at(input.opensAt),
  };
}
