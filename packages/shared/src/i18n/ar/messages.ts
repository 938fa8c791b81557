import type { Catalog } from '../types.js';
import type { messages as de } from '../de/messages.js';

/**
 * Arabic (written right to left; e-mails carry dir="rtl"). "Kita" is the German word for the
 * day-care centre (الحضانة / روضة الأطفال); it stays in the Kita's name. Arabic SMS are sent in
 * UCS-2 (70 characters a segment, 67 when split), so the SMS texts are kept short (see
 * docs/translations-messages.md). Durations read "validity in minutes: N", so the noun need not
 * agree with the number (Arabic has six plural forms).
 */
export const messages: Catalog<typeof de> = {
  common: {
    greeting: 'مرحبًا {{name}}،',
    greetingNoName: 'مرحبًا،',
    signature: 'فريق الرعاية الطارئة في الحضانة (Kita)',
    footer: 'أُرسلت هذه الرسالة تلقائيًا. يُرجى عدم الرد عليها.',
    privacy: 'حماية البيانات',
    imprint: 'بيانات الناشر (Impressum)',
    accessibility: 'إمكانية الوصول',
    linkFallback: 'إذا لم يعمل الزر، انسخ هذا الرابط والصقه في المتصفح:',
    kitaNote: 'ملاحظة من الحضانة (Kita) بكلماتها هي، لذلك قد تكون باللغة الألمانية:',
  },
  activation: {
    subject: 'يُرجى تأكيد عنوان بريدك الإلكتروني',
    body: 'أُنشئ لك حساب للرعاية الطارئة لدى {{kitaName}}. يُرجى تأكيد عنوان بريدك الإلكتروني عبر الرابط التالي. الرابط صالح لمدة 7 أيام.',
    action: 'تأكيد البريد الإلكتروني',
    sms: '{{kitaName}}: يُرجى تأكيد بريدك الإلكتروني: {{link}}',
  },
  email_change: {
    subject: 'يُرجى تأكيد عنوان بريدك الإلكتروني الجديد',
    body: 'سيُستخدم هذا العنوان من الآن لحسابك في الرعاية الطارئة لدى {{kitaName}}. يُرجى تأكيده عبر الرابط التالي؛ ولن يسري إلا بعد ذلك. الرابط صالح لمدة 48 ساعة.\n\nإذا لم تطلب ذلك، فتجاهل هذه الرسالة. لن يتغير شيء.',
    action: 'تأكيد البريد الإلكتروني الجديد',
    sms: '{{kitaName}}: يُرجى تأكيد بريدك الإلكتروني الجديد: {{link}}',
  },
  otp: {
    subject: 'رمز التحقق الخاص بك: {{otp}}',
    body: 'رمز التحقق الخاص بك هو {{otp}}. مدة صلاحيته بالدقائق: {{minutes}}. لا تشاركه مع أي أحد.',
    action: '',
    sms: 'رمز Kita: {{otp}}. الصلاحية بالدقائق: {{minutes}}. لا تشاركه مع أحد.',
  },
  password_reset: {
    subject: 'إعادة تعيين كلمة المرور',
    body: 'طلبت إعادة تعيين كلمة المرور. يمكنك تعيين كلمة مرور جديدة عبر الرابط التالي. مدة صلاحية الرابط بالدقائق: {{minutes}}.\n\nإذا لم تطلب ذلك، فتجاهل هذه الرسالة؛ ستبقى كلمة المرور دون تغيير.',
    action: 'تعيين كلمة مرور جديدة',
    sms: 'Kita: كلمة مرور جديدة (دقائق: {{minutes}}): {{link}}',
  },
  registration_received: {
    subject: 'تسجيلك لدى {{kitaName}}',
    body: 'شكرًا لتسجيلك لدى {{kitaName}}. ستراجع إدارة الحضانة (Kita) بياناتك. ستصلك رسالة أخرى فور الموافقة على حسابك.',
    action: '',
    sms: '{{kitaName}}: شكرًا لتسجيلك. سنبلغك فور موافقة الإدارة على حسابك.',
  },
  account_exists: {
    subject: 'التسجيل لدى {{kitaName}}: لديك حساب بالفعل',
    body: 'حاول أحدهم للتو التسجيل لدى {{kitaName}} بعنوان البريد الإلكتروني هذا. لديك حساب بالفعل، فلا حاجة إلى تسجيل ثانٍ.\n\nما عليك سوى تسجيل الدخول. إذا نسيت كلمة المرور، يمكنك إعادة تعيينها في صفحة تسجيل الدخول. إذا لم تكن أنت، فتجاهل هذه الرسالة.',
    action: 'تسجيل الدخول',
    sms: '{{kitaName}}: لديك حساب بالفعل. الدخول: {{link}}',
  },
  registration_approved: {
    subject: 'تمت الموافقة على حسابك لدى {{kitaName}}',
    body: 'وافقت إدارة الحضانة (Kita) على تسجيلك لدى {{kitaName}}. يمكنك الآن تسجيل الدخول، وستصلك من الآن فصاعدًا استطلاعات الحاجة إلى الرعاية الطارئة.',
    action: 'إلى تسجيل الدخول',
    sms: '{{kitaName}}: تمت الموافقة على حسابك. الدخول: {{link}}',
  },
  inquiry: {
    subject: 'استطلاع الحاجة إلى الرعاية الطارئة {{careDays}} – {{kitaName}}',
    body: 'تسأل {{kitaName}} عن الحاجة إلى الرعاية الطارئة {{careDays}}. يُرجى أن تخبرنا قبل {{deadline}} عن كل طفل من أطفالك: هل تحتاج إلى مكان له؟',
    action: 'أرسل إجابتك',
    sms: '{{kitaName}}: رعاية طارئة {{careDays}}، الرد قبل {{deadline}}: {{link}}',
  },
  reminder: {
    subject: 'تذكير: استطلاع الحاجة إلى الرعاية الطارئة {{careDays}} – {{kitaName}}',
    body: 'لم تصلنا بعد إجابتك على استطلاع {{kitaName}} بشأن الرعاية الطارئة {{careDays}}. يُرجى أن تخبرنا قبل {{deadline}} عن كل طفل من أطفالك: هل تحتاج إلى مكان له؟',
    action: 'أرسل إجابتك',
    sms: 'تذكير {{kitaName}}: رعاية طارئة {{careDays}}، الرد قبل {{deadline}}: {{link}}',
  },
  results: {
    subject: 'نتيجة الاستطلاع: الرعاية الطارئة {{careDays}} – {{kitaName}}',
    body: 'انتهى استطلاع {{kitaName}} بشأن الرعاية الطارئة {{careDays}}. النتيجة لأطفالك:\n\n{{results}}',
    action: 'أضف إلى التقويم',
    sms: '{{kitaName}}، رعاية طارئة {{careDays}}: {{results}}',
    smsLink: '{{kitaName}}، رعاية طارئة {{careDays}}: {{results}} التقويم: {{link}}',
  },
  slot_offered: {
    subject: 'أصبح هناك مكان شاغر – {{kitaName}}',
    body: 'أصبح هناك مكان شاغر في الرعاية الطارئة لدى {{kitaName}} {{careDays}}. صار لـ {{childName}} مكان الآن.',
    action: 'أضف إلى التقويم',
    sms: '{{kitaName}}: أصبح هناك مكان شاغر. لـ {{childName}} مكان {{careDays}}.',
    smsLink: '{{kitaName}}: أصبح هناك مكان شاغر. لـ {{childName}} مكان {{careDays}}. التقويم: {{link}}',
  },
  slot_released: {
    subject: 'أُعيد مكان في الرعاية الطارئة – {{kitaName}}',
    body: 'أعادت إدارة {{kitaName}} مكان {{childName}} في الرعاية الطارئة {{careDays}}. لم يعد لـ {{childName}} مكان. إذا كانت لديك أسئلة، فيُرجى التواصل مع الحضانة.',
    action: '',
    sms: '{{kitaName}}: أعادت الحضانة مكان {{childName}} {{careDays}}.',
  },
  event_withdrawn: {
    subject: 'سُحب الاستطلاع: الرعاية الطارئة {{careDays}} – {{kitaName}}',
    body: 'سحبت {{kitaName}} استطلاع الرعاية الطارئة {{careDays}}. لا داعي لأن تفعل شيئًا؛ لم يعد رابط الاستطلاع صالحًا.',
    action: '',
    sms: '{{kitaName}}: سُحب استطلاع الرعاية {{careDays}}. لا داعي لفعل شيء.',
  },
  registration_declined: {
    subject: 'تسجيلك لدى {{kitaName}}',
    body: 'لم توافق إدارة {{kitaName}} على تسجيلك. إذا كانت لديك أسئلة، فيُرجى التواصل مع الحضانة مباشرة.',
    action: '',
    sms: '{{kitaName}}: لم توافق الإدارة على تسجيلك. للاستفسار تواصل مع الحضانة.',
  },
  credits_reset: {
    subject: 'أُعيد ضبط نقاطك لدى {{kitaName}}',
    body: 'أعادت إدارة {{kitaName}} نقاط عائلتك إلى الصفر.',
    action: '',
    sms: '{{kitaName}}: أُعيدت نقاط عائلتك إلى الصفر.',
  },
  erasure_done: {
    subject: 'حُذفت بياناتك لدى {{kitaName}}',
    body: 'حذفت {{kitaName}} بيانات عائلتك وحسابك. لا تحتفظ الاستطلاعات المنتهية إلا بسطر بلا أسماء، حتى تبقى نتائجها قابلة للتتبع. هذه آخر رسالة تصلك منا.',
    action: '',
    sms: '{{kitaName}}: حُذفت بيانات عائلتك وحسابك.',
  },
  resultLine: {
    slot: '{{childName}}: حصل على مكان',
    noSlot: '{{childName}}: لا يوجد مكان',
    noSlotCredit: '{{childName}}: لا يوجد مكان (+1 نقطة، أولوية أعلى في المرة القادمة)',
    waitlist: '{{childName}}: لا يوجد مكان، قائمة الانتظار رقم {{position}}',
    waitlistCredit: '{{childName}}: لا يوجد مكان، قائمة الانتظار رقم {{position}} (+1 نقطة)',
    home: '{{childName}}: رعاية في المنزل، شكرًا!',
  },
  estimate: {
    title: 'عدد رسائل SMS المتوقع لهذا الاستطلاع',
    summary: 'أجزاء SMS المحتسبة: {{segments}} · العائلات عبر SMS: {{sms}} · عبر البريد الإلكتروني: {{email}}',
    perLanguageLabel: 'حسب اللغة (العائلات × أجزاء رسالة SMS واحدة):',
    perLanguage: '{{language}}: {{families}} × {{each}}',
    hint: 'يتسع جزء رسالة SMS بالحروف السيريلية أو العربية لـ 70 حرفًا بدلًا من 160. ويكلّف كل تذكير المقدار نفسه مرة أخرى لكل عائلة لم تُجب.',
    none: 'لا تتلقى أي عائلة في هذه الفئة الاستطلاع عبر SMS.',
  },
  push: {
    inquiry: 'استطلاع جديد حول الحاجة إلى الرعاية الطارئة. يُرجى إخبارنا بما تحتاجه.',
    reminder: 'تذكير: يُرجى الرد على استطلاع الرعاية الطارئة.',
    results: 'نتيجة استطلاع الرعاية الطارئة جاهزة.',
    slot_offered: 'أصبح مكان في الرعاية الطارئة متاحًا. يُرجى الاطلاع.',
  },
};
