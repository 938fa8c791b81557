/**
 * The fan-out and strike-morning benchmarks' data: a Kita with one Kindergarten category, its
 * groups, `families` approved families (one child each) reached half by e-mail, half by SMS (or all
 * by SMS), and a manager who opens the inquiry through the API.
 */
import type { Db } from '../../apps/server/src/db/client.js';
import { categories, children, groups, kitas, parents, users } from '../../apps/server/src/db/schema.js';

export interface KitaWorld {
  kitaId: string;
  categoryId: string;
  managerId: string;
}

export interface KitaSpec {
  name: string;
  families: number;
  /** Numbers families across Kitas (unique names, addresses and phone numbers). */
  firstFamily?: number;
  /** Every family by SMS; otherwise every odd family by SMS, every even one by e-mail. */
  allSms?: boolean;
  /** E-mail domain of the families and the manager. */
  domain: string;
  /** Every fifth family reads English (otherwise German). */
  someEnglish?: boolean;
}

const GROUPS = ['Bären', 'Füchse', 'Eulen', 'Löwen', 'Igel'];

export async function seedKita(db: Db, spec: KitaSpec): Promise<KitaWorld> {
  const first = spec.firstFamily ?? 0;
  const [kita] = await db.insert(kitas).values({ name: spec.name, location: 'Berlin' }).returning();
  const [category] = await db.insert(categories).values({ kitaId: kita!.id, name: 'Kindergarten' }).returning();
  const groupRows = await db
    .insert(groups)
    .values(GROUPS.map((name) => ({ categoryId: category!.id, name })))
    .returning();
  for (let start = 0; start < spec.families; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, spec.families - start) }, (_, k) => first + start + k);
    const rows = await db
      .insert(parents)
      .values(
        batch.map((i) => {
          const sms = spec.allSms || i % 2 === 1;
          return {
            kitaId: kita!.id,
            name: `Familie ${i}`,
            email: `familie${i}@${spec.domain}`,
            emailVerified: true,
            primaryPhone: sms ? `+4915${spec.allSms ? 1 : 2}${String(10_000_000 + i).padStart(8, '0')}` : null,
            primaryPhoneVerified: sms,
            preferredCommunication: sms ? 'sms' : 'email',
            language: spec.someEnglish && i % 5 === 0 ? 'en' : 'de',
            status: 'approved',
          };
        }),
      )
      .returning({ id: parents.id });
    await db.insert(children).values(
      rows.map((p, k) => ({ parentId: p.id, groupId: groupRows[k % groupRows.length]!.id, name: `Kind ${batch[k]}`, dateOfBirth: '2021-05-04' })),
    );
  }
  const [manager] = await db
    .insert(users)
    .values({ name: `Leitung ${spec.name}`, email: `leitung${first}@${spec.domain}`, role: 'KitaManager', kitaId: kita!.id, passwordHash: 'x' })
    .returning();
  return { kitaId: kita!.id, categoryId: category!.id, managerId: manager!.id };
}

/** The provider stand-ins' settings for the app (SMTP sink and fake Twilio API, see providers-process.ts). */
export function providerEnv(providers: { smtpUrl: string; twilioUrl: string; accountSid: string; authToken: string }): Record<string, string> {
  return {
    SMTP_URL: providers.smtpUrl,
    TWILIO_ACCOUNT_SID: providers.accountSid,
    TWILIO_AUTH_TOKEN: providers.authToken,
    TWILIO_FROM: '+4930123456',
    TWILIO_API_URL: providers.twilioUrl,
  };
}
