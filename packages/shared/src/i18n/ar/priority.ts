import type { FamilyNamespace } from '../types.js';

/** What a family reads of verified priority: that its need is confirmed, and until when (never the group). */
export const priority: FamilyNamespace<'ar', 'priority'> = {
  parent: {
    title: 'الأولوية',
    confirmed: 'أكّدت الحضانة حاجتكم. إذا أجبتم بالأحمر، تحصل عائلتكم على مكان قبل الطلبات الحمراء الأخرى. صالحة حتى {{date}}.',
    confirmedChild: 'أكّدت الحضانة الحاجة لـ {{child}}. إذا أجبتم بالأحمر لـ {{child}}، يحصل الطفل على مكان قبل الطلبات الحمراء الأخرى. صالحة حتى {{date}}.',
    expired: 'انتهت أولويتكم المؤكدة في {{date}}. إذا استمرت الحاجة، يرجى التواصل مع الحضانة.',
  },
};
