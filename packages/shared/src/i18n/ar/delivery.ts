import type { FamilyNamespace } from '../types.js';

/** Only the failure reasons: the parent's code page names them; the rest is for staff (English fills in). */
export const delivery: FamilyNamespace<'ar', 'delivery'> = {
  reasons: {
    landline: 'رقم هاتف أرضي',
    invalid_number: 'رقم غير صالح',
    unreachable: 'الهاتف غير متاح',
    blocked: 'حظر المستلم الرسائل القصيرة',
    filtered: 'صفّاها مزوّد الشبكة',
    mailbox_full: 'صندوق البريد ممتلئ',
    no_such_address: 'عنوان البريد الإلكتروني غير موجود',
    rejected: 'رفضها مزوّد الخدمة',
    expired: 'انتهت مهلة التسليم',
    too_many_attempts: 'محاولات كثيرة جدًا',
    not_sent_in_time: 'لم تُرسل قبل الموعد',
    push_expired: 'لم يعد هناك جهاز لتلقي الإشعارات',
    push_off: 'الإشعارات متوقفة',
    unknown: 'خطأ غير معروف',
  },
};
