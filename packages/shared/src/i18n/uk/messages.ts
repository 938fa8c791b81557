import type { Catalog } from '../types.js';
import type { messages as de } from '../de/messages.js';

/**
 * Ukrainian. "Kita" is the German word for the day-care centre (дитячий садок); it stays in the
 * Kita's name. Cyrillic SMS are sent in UCS-2 (70 characters a segment, 67 when split), so the SMS
 * texts are kept short (see docs/translations-messages.md); minutes are written "хв" so no
 * number needs a plural form.
 */
export const messages: Catalog<typeof de> = {
  common: {
    greeting: 'Вітаємо, {{name}}!',
    greetingNoName: 'Добрий день!',
    signature: 'Ваша команда екстреного догляду в Kita (дитячому садку)',
    footer: 'Це повідомлення надіслано автоматично. Будь ласка, не відповідайте на нього.',
    privacy: 'Конфіденційність',
    imprint: 'Вихідні дані',
    accessibility: 'Доступність',
    linkFallback: 'Якщо кнопка не працює, скопіюйте це посилання у браузер:',
    kitaNote: 'Примітка від Kita (дитячого садка) – її власними словами, тому може бути німецькою:',
  },
  activation: {
    subject: 'Будь ласка, підтвердьте свою адресу e-mail',
    body: 'для вас створено обліковий запис для екстреного догляду в {{kitaName}}. Будь ласка, підтвердьте свою адресу e-mail за посиланням нижче. Посилання дійсне 7 днів.',
    action: 'Підтвердити адресу e-mail',
    sms: '{{kitaName}}: підтвердьте свою адресу e-mail: {{link}}',
  },
  email_change: {
    subject: 'Будь ласка, підтвердьте нову адресу e-mail',
    body: 'цю адресу надалі використовуватимуть для вашого облікового запису екстреного догляду в {{kitaName}}. Будь ласка, підтвердьте її за посиланням нижче; лише тоді вона почне діяти. Посилання дійсне 48 годин.\n\nЯкщо ви цього не робили, проігноруйте цей лист. Нічого не зміниться.',
    action: 'Підтвердити нову адресу e-mail',
    sms: '{{kitaName}}: підтвердьте нову адресу e-mail: {{link}}',
  },
  otp: {
    subject: 'Ваш код підтвердження: {{otp}}',
    body: 'Ваш код підтвердження: {{otp}}. Він дійсний {{minutes}} хв. Нікому його не повідомляйте.',
    action: '',
    sms: 'Код Kita: {{otp}}. Дійсний {{minutes}} хв. Нікому не повідомляйте.',
  },
  password_reset: {
    subject: 'Скидання пароля',
    body: 'Ви попросили скинути пароль. За посиланням нижче можна встановити новий пароль. Посилання дійсне {{minutes}} хв.\n\nЯкщо ви цього не робили, просто проігноруйте це повідомлення; ваш пароль не зміниться.',
    action: 'Встановити новий пароль',
    sms: 'Kita: новий пароль ({{minutes}} хв): {{link}}',
  },
  registration_received: {
    subject: 'Ваша реєстрація в {{kitaName}}',
    body: 'дякуємо за реєстрацію в {{kitaName}}. Керівництво Kita (дитячого садка) перевірить ваші дані. Щойно ваш обліковий запис буде схвалено, ви отримаєте ще одне повідомлення.',
    action: '',
    sms: '{{kitaName}}: дякуємо за реєстрацію. Повідомимо, щойно її схвалять.',
  },
  account_exists: {
    subject: 'Реєстрація в {{kitaName}}: у вас уже є обліковий запис',
    body: 'щойно з цією адресою e-mail хтось спробував зареєструватися в {{kitaName}}. У вас уже є обліковий запис, тож реєструватися вдруге не потрібно.\n\nПросто увійдіть. Якщо ви забули пароль, його можна скинути на сторінці входу. Якщо це були не ви, проігноруйте це повідомлення.',
    action: 'Увійти',
    sms: '{{kitaName}}: у вас уже є обліковий запис. Вхід: {{link}}',
  },
  registration_approved: {
    subject: 'Ваш обліковий запис у {{kitaName}} схвалено',
    body: 'керівництво Kita (дитячого садка) схвалило вашу реєстрацію в {{kitaName}}. Тепер ви можете увійти й надалі отримуватимете опитування щодо потреби в екстреному догляді.',
    action: 'До входу',
    sms: '{{kitaName}}: реєстрацію схвалено. Вхід: {{link}}',
  },
  inquiry: {
    subject: 'Опитування щодо екстреного догляду {{careDays}} – {{kitaName}}',
    body: '{{kitaName}} з’ясовує потребу в екстреному догляді {{careDays}}. Будь ласка, до {{deadline}} повідомте для кожної дитини, чи потрібне їй місце.',
    action: 'Відповісти',
    sms: '{{kitaName}}: догляд {{careDays}}, відповідь до {{deadline}}: {{link}}',
  },
  reminder: {
    subject: 'Нагадування: опитування щодо екстреного догляду {{careDays}} – {{kitaName}}',
    body: 'ми ще не отримали вашої відповіді на опитування {{kitaName}} щодо екстреного догляду {{careDays}}. Будь ласка, до {{deadline}} повідомте для кожної дитини, чи потрібне їй місце.',
    action: 'Відповісти',
    sms: 'Нагадування {{kitaName}}: догляд {{careDays}}, відповідь до {{deadline}}: {{link}}',
  },
  results: {
    subject: 'Результат опитування: екстрений догляд {{careDays}} – {{kitaName}}',
    body: 'опитування {{kitaName}} щодо екстреного догляду {{careDays}} завершено. Результат для ваших дітей:\n\n{{results}}',
    action: '',
    sms: '{{kitaName}}, догляд {{careDays}}: {{results}}',
  },
  slot_offered: {
    subject: 'Звільнилося місце – {{kitaName}}',
    body: 'в екстреному догляді {{kitaName}} {{careDays}} звільнилося місце. Тепер {{childName}} має місце.',
    action: '',
    sms: '{{kitaName}}: звільнилося місце. {{childName}} має місце {{careDays}}.',
  },
  slot_released: {
    subject: 'Місце в екстреному догляді повернуто – {{kitaName}}',
    body: 'керівництво {{kitaName}} повернуло місце дитини {{childName}} в екстреному догляді {{careDays}}. Тепер {{childName}} не має місця. Якщо у вас є запитання, зверніться, будь ласка, до Kita.',
    action: '',
    sms: '{{kitaName}}: Kita повернула місце {{childName}} {{careDays}}.',
  },
  event_withdrawn: {
    subject: 'Опитування скасовано: екстрений догляд {{careDays}} – {{kitaName}}',
    body: '{{kitaName}} скасувала опитування щодо екстреного догляду {{careDays}}. Вам нічого не потрібно робити; посилання з опитування більше не діє.',
    action: '',
    sms: '{{kitaName}}: опитування про догляд {{careDays}} скасовано. Нічого робити не треба.',
  },
  registration_declined: {
    subject: 'Ваша реєстрація в {{kitaName}}',
    body: 'керівництво {{kitaName}} не схвалило вашу реєстрацію. Якщо у вас є запитання, зверніться, будь ласка, безпосередньо до Kita.',
    action: '',
    sms: '{{kitaName}}: реєстрацію не схвалено. З питаннями звертайтеся до Kita.',
  },
  credits_reset: {
    subject: 'Ваші бали в {{kitaName}} обнулено',
    body: 'керівництво {{kitaName}} обнулило бали вашої родини.',
    action: '',
    sms: '{{kitaName}}: бали вашої родини обнулено.',
  },
  resultLine: {
    slot: '{{childName}}: місце є',
    noSlot: '{{childName}}: місця немає',
    noSlotCredit: '{{childName}}: місця немає (+1 бал, наступного разу раніше в черзі)',
    waitlist: '{{childName}}: місця немає, черга № {{position}}',
    waitlistCredit: '{{childName}}: місця немає, черга № {{position}} (+1 бал)',
    home: '{{childName}}: догляд удома, дякуємо!',
  },
  estimate: {
    title: 'Очікувана кількість SMS для цього опитування',
    summary: 'Оплачувані частини SMS: {{segments}} · родини через SMS: {{sms}} · через e-mail: {{email}}',
    perLanguageLabel: 'За мовами (родини × частини одного SMS):',
    perLanguage: '{{language}}: {{families}} × {{each}}',
    hint: 'SMS кирилицею чи арабською вміщує 70 замість 160 символів на частину. Кожне нагадування коштує стільки ж знову для кожної родини без відповіді.',
    none: 'Жодна родина цієї категорії не отримує опитування через SMS.',
  },
  // PROVISIONAL: English until this newer message is translated with the others.
  erasure_done: {
    subject: 'Your data with {{kitaName}} has been erased',
    body: '{{kitaName}} has erased the data of your family and your account. Finished inquiries keep only a row without names, so that their results stay traceable. This is the last message you will receive from us.',
    action: '',
    sms: '{{kitaName}}: Your family\'s data and your account have been erased.',
  },
};
