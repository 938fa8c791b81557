import { describe, expect, it } from 'vitest';
import { countSmsSegments, isGsm7, shortenKitaName, toGsm7 } from './sms-text.js';

describe('GSM-7 transliteration for SMS', () => {
  it.each([
    ['Ayşe Çelik', 'Ayse Çelik'],
    ['Łukasz Dragović', 'Lukasz Dragovic'],
    ['Đorđe Šimić', 'Dorde Simic'],
    ['Nguyễn Thị Hương', 'Nguyen Thi Huong'],
    ['Γιώργος Παπαδόπουλος', 'Giorgos Papadopoulos'],
    ['Олександр Шевченко', 'Oleksandr Shevchenko'],
    ['Ярослава Щукина', 'Yaroslava Shchukina'],
    ['Jörg Müller-Weiß', 'Jörg Müller-Weiß'],
    ['Zoë „Zo“ Brønn – Ærø', 'Zoe "Zo" Brønn - Ærø'],
    ['Städtische Kindertagesstätte', 'Städtische Kindertagesstätte'],
  ])('%s → %s', (name, expected) => {
    const out = toGsm7(name);
    expect(out).toBe(expected);
    expect(isGsm7(out)).toBe(true);
  });

  it('a character without a Latin spelling becomes "?" instead of switching the SMS to UCS-2', () => {
    expect(toGsm7('李小龙 😀')).toBe('??? ?');
  });
});

describe('segment counting (3GPP TS 23.040)', () => {
  it.each([
    ['a'.repeat(160), 'gsm7', 1],
    ['a'.repeat(161), 'gsm7', 2],
    ['a'.repeat(306), 'gsm7', 2],
    ['a'.repeat(307), 'gsm7', 3],
    ['€'.repeat(80), 'gsm7', 1],
    ['€'.repeat(81), 'gsm7', 2],
    ['ş'.repeat(70), 'ucs2', 1],
    ['ş' + 'a'.repeat(70), 'ucs2', 2],
  ] as const)('%#: %s', (text, encoding, segments) => {
    expect(countSmsSegments(text)).toMatchObject({ encoding, segments });
  });
});

describe('shortenKitaName', () => {
  it('abbreviates usual words before cutting', () => {
    expect(shortenKitaName('Städtische Kindertagesstätte Regenbogenland', 30)).toBe('Städtische Kita Regenbogenland');
    expect(shortenKitaName('Städtische Kindertagesstätte Regenbogenland', 28)).toBe('Städt. Kita Regenbogenland');
    expect(shortenKitaName('Kita Sonnenschein', 30)).toBe('Kita Sonnenschein');
  });

  it('cuts at a word and marks the cut with a dot', () => {
    const short = shortenKitaName('Kita Abenteuerland am Großen Wannsee Nord', 25);
    expect(short.length).toBeLessThanOrEqual(25);
    expect(short).toBe('Kita Abenteuerland am.');
  });
});
