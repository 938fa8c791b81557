import type { DbOrTx } from '../db/client.js';
import { children, parents, users } from '../db/schema.js';
import { hashPassword } from '../lib/passwords.js';
import { DEMO_LOGINS, type DemoStructure } from './structure.js';

/**
 * Families of the demo Kita (Kita Sonnenschein): about 40 approved parents with 1-2 children in
 * its groups, a few preferring SMS, one anonymous family, three registrations waiting for
 * approval, and the demo parent. Generated from a fixed seed so every fresh start looks the same;
 * dates of birth fit Krippe (0-3 years) and Kindergarten (3-6 years) relative to `now`.
 */

const FIRST_PARENT = [
  'Anna', 'Julia', 'Katharina', 'Sabine', 'Stefanie', 'Christina', 'Laura', 'Sarah', 'Lisa', 'Nadine',
  'Melanie', 'Jessica', 'Sandra', 'Nicole', 'Miriam', 'Tanja', 'Carolin', 'Franziska', 'Johanna', 'Lena',
  'Thomas', 'Michael', 'Andreas', 'Stefan', 'Christian', 'Markus', 'Tobias', 'Daniel', 'Sebastian', 'Florian',
  'Jan', 'Matthias', 'Alexander', 'Philipp', 'Patrick', 'Dennis', 'Timo', 'Jonas', 'Björn', 'Jörg',
];
const LAST = [
  'Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann',
  'Schäfer', 'Koch', 'Bauer', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Zimmermann',
  'Braun', 'Krüger', 'Hofmann', 'Hartmann', 'Lange', 'Schmitt', 'Werner', 'Schmitz', 'Krause', 'Meier',
  'Lehmann', 'Schmid', 'Schulze', 'Maier', 'Köhler', 'Herrmann', 'König', 'Walter', 'Mayer', 'Huber',
  'Kaiser', 'Fuchs', 'Peters', 'Lang', 'Scholz', 'Möller', 'Weiß', 'Jung', 'Hahn', 'Vogel',
];
const CHILD_FIRST = [
  'Emma', 'Mia', 'Hannah', 'Sophia', 'Emilia', 'Lina', 'Marie', 'Ella', 'Lea', 'Clara',
  'Noah', 'Leon', 'Paul', 'Ben', 'Finn', 'Elias', 'Felix', 'Henry', 'Luis', 'Emil',
  'Ida', 'Frieda', 'Mila', 'Lotta', 'Greta', 'Anton', 'Theo', 'Jakob', 'Oskar', 'Karl',
];

/** Small deterministic PRNG (mulberry32): the same demo data on every fresh start. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
/** A date of birth `minYears`..`maxYears` before `now` (exclusive of the upper bound). */
const birthDate = (now: Date, rand: () => number, minYears: number, maxYears: number) =>
  isoDay(new Date(now.getTime() - Math.floor((minYears + rand() * (maxYears - minYears)) * 365.25 * DAY_MS)));

/** 'Jörg Weiß' -> 'joerg.weiss' for demo e-mail addresses. */
function mailbox(name: string): string {
  const map: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };
  return name.toLowerCase().replace(/[äöüß]/g, (c) => map[c]!).replace(/\s+/g, '.');
}

const parentLogin = DEMO_LOGINS.find((l) => l.role === 'Parent')!;
/**
 * Demo phone numbers come from the range the Bundesnetzagentur's mobile operators keep for media
 * productions ("Drama Numbers", Amtsblatt 7/2021, Mitteilung 148/2021: 0171 39200 00 to 99): they
 * are never assigned to anyone, so a demo SMS cannot reach a real person. E-mail addresses end in
 * `.example` (RFC 2606), which never resolves.
 */
export const demoPhone = (n: number) => `+4917139200${String(n).padStart(2, '0')}`;
/** The demo parent: logs in by e-mail or by phone (with the OTP from the dev mailbox). */
export const DEMO_PARENT = { email: parentLogin.email, password: parentLogin.password, phone: demoPhone(0) } as const;

type Category = 'Kindergarten' | 'Krippe';
type NewChild = { name: string; category: Category; groupIndex: number; dateOfBirth: string };

export interface DemoParents {
  demoParentId: string;
  approvedParentIds: string[];
  registeredParentIds: string[];
}

export async function seedParents(tx: DbOrTx, structure: DemoStructure, now: Date): Promise<DemoParents> {
  const kitaId = structure.kitaIds[0]!;
  const rand = prng(20_240_901);
  // argon2id is deliberately slow: one hash shared by every demo parent account.
  const passwordHash = await hashPassword(DEMO_PARENT.password);
  const groupOf = (c: NewChild) => structure.groupIds[c.category][c.groupIndex % structure.groupIds[c.category].length]!;
  const usedLast = new Set<string>();

  async function family(input: {
    name: string;
    email: string | null;
    phone: string | null;
    communication: 'email' | 'sms' | null;
    isAnonymous?: boolean;
    language?: 'de' | 'en';
    status?: 'approved' | 'registered';
    emailVerified?: boolean;
    kids: NewChild[];
    withPassword?: boolean;
  }): Promise<string> {
    const approved = (input.status ?? 'approved') === 'approved';
    const [p] = await tx
      .insert(parents)
      .values({
        kitaId,
        name: input.name,
        email: input.email,
        primaryPhone: input.phone,
        preferredCommunication: input.communication,
        isAnonymous: input.isAnonymous ?? false,
        language: input.language ?? 'de',
        status: input.status ?? 'approved',
        isActive: approved,
        emailVerified: input.emailVerified ?? !!input.email,
        primaryPhoneVerified: !!input.phone,
        createdAt: new Date(now.getTime() - (approved ? 120 : 2) * DAY_MS),
      })
      .returning({ id: parents.id });
    await tx.insert(users).values({
      name: input.name,
      role: 'Parent',
      parentId: p!.id,
      kitaId,
      language: input.language ?? 'de',
      passwordHash: input.withPassword === false ? null : passwordHash,
      isActive: approved,
    });
    if (input.kids.length > 0) {
      await tx.insert(children).values(
        input.kids.map((c) => ({ parentId: p!.id, groupId: groupOf(c), name: c.name, dateOfBirth: c.dateOfBirth })),
      );
    }
    return p!.id;
  }

  function kidsFor(lastName: string, i: number): NewChild[] {
    const first: Category = rand() < 0.55 ? 'Kindergarten' : 'Krippe';
    const make = (category: Category, index: number): NewChild => ({
      name: `${CHILD_FIRST[Math.floor(rand() * CHILD_FIRST.length)]!} ${lastName}`,
      category,
      groupIndex: index,
      dateOfBirth: category === 'Krippe' ? birthDate(now, rand, 0.6, 2.9) : birthDate(now, rand, 3.1, 5.9),
    });
    const kids = [make(first, i)];
    // About a third of the families have a second child (siblings in the other category or the same one).
    if (rand() < 0.35) kids.push(make(rand() < 0.6 ? (first === 'Krippe' ? 'Kindergarten' : 'Krippe') : first, i + 1));
    // Siblings never share a first name.
    if (kids.length === 2 && kids[0]!.name === kids[1]!.name) kids[1]!.name = `${CHILD_FIRST[(i + 7) % CHILD_FIRST.length]!} ${lastName}`;
    return kids;
  }

  const demoParentId = await family({
    name: 'Julia Schneider',
    email: DEMO_PARENT.email,
    phone: DEMO_PARENT.phone,
    communication: 'sms',
    kids: [
      { name: 'Lena Schneider', category: 'Kindergarten', groupIndex: 0, dateOfBirth: birthDate(now, rand, 4, 4.5) },
      { name: 'Paul Schneider', category: 'Krippe', groupIndex: 0, dateOfBirth: birthDate(now, rand, 1.5, 2) },
    ],
  });
  usedLast.add('Schneider');

  const approvedParentIds: string[] = [];
  for (let i = 0; approvedParentIds.length < 40; i++) {
    const last = LAST[i % LAST.length]!;
    if (usedLast.has(last)) continue;
    usedLast.add(last);
    const name = `${FIRST_PARENT[(i * 7) % FIRST_PARENT.length]!} ${last}`;
    const anonymous = approvedParentIds.length === 17;
    const sms = !anonymous && approvedParentIds.length % 5 === 2;
    const id = await family({
      name: anonymous ? `Familie ${last}` : name,
      email: anonymous ? null : `${mailbox(name)}@eltern.example`,
      phone: sms ? demoPhone(1 + approvedParentIds.length) : null,
      communication: anonymous ? null : sms ? 'sms' : 'email',
      isAnonymous: anonymous,
      // A few families read their messages in English.
      language: approvedParentIds.length % 9 === 4 ? 'en' : 'de',
      withPassword: !anonymous,
      kids: kidsFor(last, i),
    });
    approvedParentIds.push(id);
  }

  const pending = [
    { name: 'Katrin Albrecht', last: 'Albrecht', emailVerified: true },
    { name: 'Murat Yılmaz', last: 'Yılmaz', emailVerified: true },
    { name: 'Sophie Brandt', last: 'Brandt', emailVerified: false },
  ];
  const registeredParentIds: string[] = [];
  for (const [i, r] of pending.entries()) {
    registeredParentIds.push(
      await family({
        name: r.name,
        email: `${mailbox(r.name).replace('ı', 'i')}@eltern.example`,
        phone: null,
        communication: 'email',
        status: 'registered',
        emailVerified: r.emailVerified,
        kids: kidsFor(r.last, 100 + i),
      }),
    );
  }
  return { demoParentId, approvedParentIds, registeredParentIds };
}
