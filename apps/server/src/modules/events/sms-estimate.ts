import { sql } from 'drizzle-orm';
import { formatDeadline, type Language, type SmsEstimate, type SmsEstimateQuery } from '@kita/shared';
import { formatCarePeriod } from '@kita/shared/i18n';
import type { Services } from '../../lib/context.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { assertKitaScope } from '../../lib/access.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { newToken } from '../../lib/crypto.js';
import { appLink, composeMessage } from '../../notify/messages.js';
import { countSmsSegments } from '../../notify/sms-text.js';
import { findCategory } from './queries.js';
import { contactOf, PARENT_CONTACT, type ParentContactRow } from './contact.js';
import { eligibleChildren } from './snapshot-records.js';
import { resolveDates } from './service.js';

/**
 * The SMS an inquiry would cost, before it is sent: the families it would reach now (the same
 * eligibility and channel rule as the fan-out), and for each SMS family's language the segments of
 * the inquiry text as the fan-out would compose it (Kita name, care days and deadline in that
 * language, a link of the real length). Cyrillic and Arabic SMS are UCS-2 and take more segments,
 * which is what the manager should see before pressing "send". Reads only; changes nothing.
 */
export async function smsEstimate(ctx: Pick<Services, 'db' | 'clock' | 'config'>, actor: AuthContext, q: SmsEstimateQuery): Promise<SmsEstimate> {
  assertKitaScope(actor, q.kitaId, () => notFound('kitas.notFound', { id: q.kitaId }));
  const category = await findCategory(ctx.db, q.categoryId);
  if (!category || category.kitaId !== q.kitaId) throw badRequest('CATEGORY_NOT_IN_KITA');
  const now = ctx.clock.now();
  const timeZone = category.kitaTimezone;
  const dates = resolveDates(
    { eventType: q.eventType, eventDate: q.eventDate, expireDate: q.expireDate, responseDeadline: q.responseDeadline, opensAt: null },
    now,
    timeZone,
    ctx.config.IMMEDIATE_EVENT_MINUTES,
    // Only the shape (a care end after the start …): a date in the past is the form's business.
    { eventDate: false, expireDate: false, responseDeadline: false },
  );
  const r = await ctx.db.execute<ParentContactRow & { parent_id: string }>(sql`
    select distinct k.parent_id, ${PARENT_CONTACT}
      from (${eligibleChildren(sql`${category.id}::uuid`)}) k
      join parents p on p.id = k.parent_id
     where not p.is_anonymous`);
  const [kita] = (await ctx.db.execute<{ name: string }>(sql`select name from kitas where id = ${q.kitaId}::uuid`)).rows;
  const link = appLink(ctx.config.publicUrl, `/p/${newToken()}`);

  const smsByLanguage = new Map<Language, number>();
  let emailFamilies = 0;
  for (const row of r.rows) {
    const to = contactOf(row);
    if (to?.channel === 'email') emailFamilies++;
    else if (to?.channel === 'sms') smsByLanguage.set(to.language, (smsByLanguage.get(to.language) ?? 0) + 1);
  }
  const byLanguage = [...smsByLanguage].map(([language, smsFamilies]) => {
    const text = composeMessage('inquiry', {
      language,
      channel: 'sms',
      recipient: '',
      vars: {
        kitaName: kita?.name ?? '',
        careDays: formatCarePeriod(language, dates.careStartsAt, dates.careEndsAt, timeZone),
        deadline: formatDeadline(language, dates.answersCloseAt, timeZone),
        link,
      },
    }).bodyText;
    const c = countSmsSegments(text);
    return { language, smsFamilies, segmentsEach: c.segments, encoding: c.encoding };
  });
  byLanguage.sort((a, b) => b.smsFamilies - a.smsFamilies || a.language.localeCompare(b.language));
  const smsFamilies = byLanguage.reduce((n, l) => n + l.smsFamilies, 0);
  return {
    families: emailFamilies + smsFamilies,
    emailFamilies,
    smsFamilies,
    segments: byLanguage.reduce((n, l) => n + l.smsFamilies * l.segmentsEach, 0),
    byLanguage,
  };
}
