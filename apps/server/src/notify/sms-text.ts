/**
 * SMS text rules: an SMS is billed per segment. In the GSM-7 alphabet one segment holds
 * 160 characters (153 each when split); a single character outside it switches the whole SMS to
 * UCS-2 with 70 (67). So names and Kita names are transliterated into GSM-7 for SMS only
 * (ş → s, ł → l, Greek and Cyrillic into Latin letters), and segments are counted and stored.
 */

import type { Language } from '@kita/shared';

/**
 * How each language's SMS are encoded, decided from the measured segment table
 * (docs/translations-messages.md): Turkish and Polish read naturally without their diacritics, as
 * SMS in both languages are commonly written, and so stay in GSM-7 at German prices; Cyrillic and
 * Arabic have no GSM-7 spelling a family would want to read and are sent in UCS-2.
 */
export const SMS_ENCODING: Record<Language, 'gsm7' | 'ucs2'> = { de: 'gsm7', en: 'gsm7', tr: 'gsm7', pl: 'gsm7', uk: 'ucs2', ru: 'ucs2', ar: 'ucs2' };

/** GSM 03.38 basic character set (one septet each). */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\x1bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** GSM 03.38 extension table (escape + character: two septets each). */
const GSM_EXTENSION = '\f^{}\\[~]|€';

const BASIC = new Set(GSM_BASIC);
const EXTENSION = new Set(GSM_EXTENSION);

export const isGsm7Char = (c: string) => BASIC.has(c) || EXTENSION.has(c);
export const isGsm7 = (text: string) => [...text].every(isGsm7Char);

/** Letters that do not decompose into a base letter plus accents, and typographic punctuation. */
const SPECIAL: Record<string, string> = {
  ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ð: 'd', Ð: 'D', þ: 'th', Þ: 'Th', ı: 'i', İ: 'I', ħ: 'h', Ħ: 'H',
  œ: 'oe', Œ: 'OE', ŋ: 'ng', ſ: 's', ƒ: 'f',
  '\u2018': "'", '\u2019': "'", '\u201a': "'", '\u201c': '"', '\u201d': '"', '\u201e': '"', '\u00ab': '"', '\u00bb': '"',
  '\u2013': '-', '\u2014': '-', '\u2026': '...', '\u00a0': ' ', '\u00b7': '.', ç: 'c',
};

/** Greek into Latin letters (ELOT 743, simplified), after accents are removed. */
const GREEK: Record<string, string> = {
  α: 'a', β: 'v', γ: 'g', δ: 'd', ε: 'e', ζ: 'z', η: 'i', θ: 'th', ι: 'i', κ: 'k', λ: 'l', μ: 'm', ν: 'n',
  ξ: 'x', ο: 'o', π: 'p', ρ: 'r', σ: 's', ς: 's', τ: 't', υ: 'y', φ: 'f', χ: 'ch', ψ: 'ps', ω: 'o',
};

/** Cyrillic (Russian, Ukrainian, Belarusian, Serbian, Bulgarian, Macedonian) into Latin letters. */
const CYRILLIC: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', ґ: 'g', д: 'd', ђ: 'dj', е: 'e', ё: 'e', є: 'ye', ж: 'zh', з: 'z', ѕ: 'dz',
  и: 'i', і: 'i', ї: 'yi', й: 'y', ј: 'j', к: 'k', л: 'l', љ: 'lj', м: 'm', н: 'n', њ: 'nj', о: 'o', п: 'p',
  р: 'r', с: 's', т: 't', ћ: 'c', ќ: 'kj', ѓ: 'gj', у: 'u', ў: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch',
  џ: 'dz', ш: 'sh', щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
};

const COMBINING_MARKS = /\p{M}/gu;

function capitalise(latin: string, upper: boolean): string {
  if (!upper || latin === '') return latin;
  return latin[0]!.toUpperCase() + latin.slice(1);
}

function transliterateChar(c: string): string {
  // Greek and Cyrillic first: the Greek capitals that GSM-7 has (Γ, Π, Σ, ...) would make a
  // name of mixed scripts.
  const lower = c.toLowerCase();
  const upper = c !== lower;
  const bare = lower.normalize('NFD').replace(COMBINING_MARKS, '');
  const script = GREEK[bare] ?? CYRILLIC[bare];
  if (script !== undefined) return capitalise(script, upper);
  if (isGsm7Char(c)) return c;
  const special = SPECIAL[c];
  if (special !== undefined) return special;
  // Latin letters with accents outside GSM-7 (ş, ğ, ć, č, ă, ơ, ư, ő, ...): the base letter.
  const base = c.normalize('NFD').replace(COMBINING_MARKS, '');
  if (base !== '' && isGsm7(base)) return base;
  const mapped = SPECIAL[base];
  if (mapped !== undefined) return mapped;
  return '?';
}

/**
 * A text in GSM-7 only: characters of the alphabet stay (German umlauts, ß, é, ñ, ...), others are
 * replaced by their closest Latin spelling; what has none becomes "?". Used for SMS only: screens,
 * e-mails and PDFs show names as entered.
 */
export function toGsm7(text: string): string {
  // Greek "ου" is one sound: "ou", not "oy".
  const greekOu = text.normalize('NFC').replace(/([οΟ])([υύΥΎ])/gu, (_m, o: string) => (o === 'Ο' ? 'Ou' : 'ou'));
  return [...greekOu].map(transliterateChar).join('');
}

export interface SmsSegments {
  encoding: 'gsm7' | 'ucs2';
  /** Septets (GSM-7, extension characters count twice) or UTF-16 code units (UCS-2). */
  units: number;
  segments: number;
}

/** How many billed segments a text needs (3GPP TS 23.040: 160/153 septets, 70/67 UCS-2 units). */
export function countSmsSegments(text: string): SmsSegments {
  if (isGsm7(text)) {
    const units = [...text].reduce((n, c) => n + (EXTENSION.has(c) ? 2 : 1), 0);
    return { encoding: 'gsm7', units, segments: units <= segmentLimit('gsm7', 1) ? 1 : Math.ceil(units / 153) };
  }
  const units = text.length;
  return { encoding: 'ucs2', units, segments: units <= segmentLimit('ucs2', 1) ? 1 : Math.ceil(units / 67) };
}

/** The most units `segments` segments hold: one alone holds more than each part of a split SMS. */
export function segmentLimit(encoding: 'gsm7' | 'ucs2', segments: number): number {
  if (encoding === 'gsm7') return segments <= 1 ? 160 : segments * 153;
  return segments <= 1 ? 70 : segments * 67;
}

/** Usual long words in German Kita names and their common abbreviations (tried before cutting). */
const KITA_ABBREVIATIONS: Array<[RegExp, string]> = [
  [/Kindertagesst(ä|ae)tte/giu, 'Kita'],
  [/Kindertageseinrichtung/giu, 'Kita'],
  [/Kindertagesheim/giu, 'Kita'],
  [/Kindergarten/giu, 'Kiga'],
  [/Kinderkrippe/giu, 'Krippe'],
  [/St(ä|ae)dtische[rns]?/giu, 'Städt.'],
  [/Evangelische[rns]?/giu, 'Ev.'],
  [/Katholische[rns]?/giu, 'Kath.'],
  [/Gemeinn(ü|ue)tzige[rns]?/giu, 'gem.'],
  [/Integrative[rns]?/giu, 'Integr.'],
  [/Sankt /gu, 'St. '],
];

/** A Kita name at most `max` characters long: abbreviations first, then cut at a word with ".". */
export function shortenKitaName(name: string, max: number): string {
  if (name.length <= max) return name;
  let short = name;
  for (const [pattern, replacement] of KITA_ABBREVIATIONS) {
    short = short.replace(pattern, replacement).replace(/\s+/g, ' ').trim();
    if (short.length <= max) return short;
  }
  if (max < 2) return short.slice(0, Math.max(max, 0));
  const cut = short.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  const atWord = lastSpace >= max / 2 ? cut.slice(0, lastSpace) : cut;
  return `${atWord.replace(/[\s.,:;-]+$/, '')}.`;
}
