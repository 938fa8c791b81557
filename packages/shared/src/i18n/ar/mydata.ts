import type { FamilyNamespace } from '../types.js';

/** "Meine Daten": the family's download of its data and its erasure request (the staff's list stays German/English). */
export const mydata: FamilyNamespace<'ar', 'mydata'> = {
  myData: {
    title: 'بياناتي',
    description: 'نزّل كل ما هو محفوظ عن عائلتك: الملف الشخصي وبيانات الاتصال، والأطفال، والاستطلاعات مع الإجابات والنتائج، والنقاط، والرسائل، والموافقات، وعمليات تسجيل الدخول.',
    staffDescription: 'كل ما هو محفوظ عن هذه العائلة في ملف واحد (حق الاطلاع وفق المادة 15 من اللائحة العامة لحماية البيانات).',
    downloadJson: 'تنزيل (JSON)',
    downloadPdf: 'تنزيل (PDF)',
    downloadFailed: 'تعذّر تنزيل البيانات.',
  },
  erasure: {
    title: 'حذف بياناتي',
    description: 'يمكنك أن تطلب من الحضانة حذف جميع بيانات عائلتك. تقوم الحضانة بذلك خلال شهر واحد؛ وبعدها يُحذف حسابك. تحتفظ الاستطلاعات المنتهية بسطر بدون أسماء حتى تبقى نتائجها قابلة للتتبع.',
    request: 'طلب الحذف',
    confirmTitle: 'هل تريد فعلاً طلب الحذف؟',
    confirmText: 'ستحذف الحضانة عندها جميع بيانات عائلتك وحسابك. ستصلك رسالة تأكيد على آخر عنوان لك.',
    confirm: 'نعم، اطلب الحذف',
    requested: 'قُدّم طلب الحذف في {{date}}. ستنفذه الحضانة في موعد أقصاه {{due}}.',
    requestedToast: 'تم استلام طلب الحذف.',
    requestFailed: 'تعذّر إرسال طلب الحذف.',
  },
};
