import type { Catalog } from '../types.js';
import type { messages as de } from '../de/messages.js';

/**
 * Russian. "Kita" is the German word for the day-care centre (детский сад); it stays in the
 * Kita's name. Cyrillic SMS are sent in UCS-2 (70 characters a segment, 67 when split), so the SMS
 * texts are kept short (see docs/translations-messages.md); minutes are written "мин." so no
 * number needs a plural form.
 */
export const messages: Catalog<typeof de> = {
  common: {
    greeting: 'Здравствуйте, {{name}}!',
    greetingNoName: 'Здравствуйте!',
    signature: 'Ваша команда экстренного присмотра в Kita (детском саду)',
    footer: 'Это сообщение отправлено автоматически. Пожалуйста, не отвечайте на него.',
    privacy: 'Конфиденциальность',
    imprint: 'Выходные данные',
    accessibility: 'Доступность',
    linkFallback: 'Если кнопка не работает, скопируйте эту ссылку в браузер:',
    kitaNote: 'Примечание от Kita (детского сада) – её собственными словами, поэтому может быть на немецком:',
  },
  activation: {
    subject: 'Пожалуйста, подтвердите свой адрес e-mail',
    body: 'для вас создана учётная запись для экстренного присмотра в {{kitaName}}. Пожалуйста, подтвердите свой адрес e-mail по ссылке ниже. Ссылка действительна 7 дней.',
    action: 'Подтвердить адрес e-mail',
    sms: '{{kitaName}}: подтвердите свой адрес e-mail: {{link}}',
  },
  email_change: {
    subject: 'Пожалуйста, подтвердите новый адрес e-mail',
    body: 'этот адрес теперь будет использоваться для вашей учётной записи экстренного присмотра в {{kitaName}}. Пожалуйста, подтвердите его по ссылке ниже; только тогда он начнёт действовать. Ссылка действительна 48 часов.\n\nЕсли вы этого не запрашивали, проигнорируйте это письмо. Ничего не изменится.',
    action: 'Подтвердить новый адрес e-mail',
    sms: '{{kitaName}}: подтвердите новый адрес e-mail: {{link}}',
  },
  otp: {
    subject: 'Ваш код подтверждения: {{otp}}',
    body: 'Ваш код подтверждения: {{otp}}. Он действителен {{minutes}} мин. Никому его не сообщайте.',
    action: '',
    sms: 'Код Kita: {{otp}}. Действует {{minutes}} мин. Никому не сообщайте.',
  },
  password_reset: {
    subject: 'Сброс пароля',
    body: 'Вы запросили сброс пароля. По ссылке ниже можно задать новый пароль. Ссылка действительна {{minutes}} мин.\n\nЕсли вы этого не запрашивали, просто проигнорируйте это сообщение; ваш пароль не изменится.',
    action: 'Задать новый пароль',
    sms: 'Kita: новый пароль ({{minutes}} мин.): {{link}}',
  },
  registration_received: {
    subject: 'Ваша регистрация в {{kitaName}}',
    body: 'спасибо за регистрацию в {{kitaName}}. Руководство Kita (детского сада) проверит ваши данные. Как только ваша учётная запись будет одобрена, вы получите ещё одно сообщение.',
    action: '',
    sms: '{{kitaName}}: спасибо за регистрацию. Сообщим, как только её одобрят.',
  },
  account_exists: {
    subject: 'Регистрация в {{kitaName}}: у вас уже есть учётная запись',
    body: 'только что с этим адресом e-mail кто-то попытался зарегистрироваться в {{kitaName}}. У вас уже есть учётная запись, регистрироваться повторно не нужно.\n\nПросто войдите. Если вы забыли пароль, его можно сбросить на странице входа. Если это были не вы, проигнорируйте это сообщение.',
    action: 'Войти',
    sms: '{{kitaName}}: у вас уже есть учётная запись. Вход: {{link}}',
  },
  registration_approved: {
    subject: 'Ваша учётная запись в {{kitaName}} одобрена',
    body: 'руководство Kita (детского сада) одобрило вашу регистрацию в {{kitaName}}. Теперь вы можете войти и в дальнейшем будете получать опросы о потребности в экстренном присмотре.',
    action: 'Ко входу',
    sms: '{{kitaName}}: регистрация одобрена. Вход: {{link}}',
  },
  inquiry: {
    subject: 'Опрос об экстренном присмотре {{careDays}} – {{kitaName}}',
    body: '{{kitaName}} выясняет потребность в экстренном присмотре {{careDays}}. Пожалуйста, до {{deadline}} сообщите для каждого ребёнка, нужно ли ему место.',
    action: 'Ответить',
    sms: '{{kitaName}}: присмотр {{careDays}}, ответ до {{deadline}}: {{link}}',
  },
  reminder: {
    subject: 'Напоминание: опрос об экстренном присмотре {{careDays}} – {{kitaName}}',
    body: 'мы ещё не получили вашего ответа на опрос {{kitaName}} об экстренном присмотре {{careDays}}. Пожалуйста, до {{deadline}} сообщите для каждого ребёнка, нужно ли ему место.',
    action: 'Ответить',
    sms: 'Напоминание {{kitaName}}: присмотр {{careDays}}, ответ до {{deadline}}: {{link}}',
  },
  results: {
    subject: 'Результат опроса: экстренный присмотр {{careDays}} – {{kitaName}}',
    body: 'опрос {{kitaName}} об экстренном присмотре {{careDays}} завершён. Результат для ваших детей:\n\n{{results}}',
    action: '',
    sms: '{{kitaName}}, присмотр {{careDays}}: {{results}}',
  },
  slot_offered: {
    subject: 'Освободилось место – {{kitaName}}',
    body: 'в экстренном присмотре {{kitaName}} {{careDays}} освободилось место. Теперь у ребёнка {{childName}} есть место.',
    action: '',
    sms: '{{kitaName}}: освободилось место. {{childName}}: место {{careDays}} есть.',
  },
  slot_released: {
    subject: 'Место в экстренном присмотре возвращено – {{kitaName}}',
    body: 'руководство {{kitaName}} вернуло место ребёнка {{childName}} в экстренном присмотре {{careDays}}. Теперь у ребёнка {{childName}} нет места. Если у вас есть вопросы, обратитесь, пожалуйста, в Kita.',
    action: '',
    sms: '{{kitaName}}: Kita вернула место {{childName}} {{careDays}}.',
  },
  event_withdrawn: {
    subject: 'Опрос отменён: экстренный присмотр {{careDays}} – {{kitaName}}',
    body: '{{kitaName}} отменил(а) опрос об экстренном присмотре {{careDays}}. Вам ничего не нужно делать; ссылка из опроса больше не действует.',
    action: '',
    sms: '{{kitaName}}: опрос о присмотре {{careDays}} отменён. Ничего делать не нужно.',
  },
  registration_declined: {
    subject: 'Ваша регистрация в {{kitaName}}',
    body: 'руководство {{kitaName}} не одобрило вашу регистрацию. Если у вас есть вопросы, обратитесь, пожалуйста, напрямую в Kita.',
    action: '',
    sms: '{{kitaName}}: регистрация не одобрена. С вопросами обращайтесь в Kita.',
  },
  credits_reset: {
    subject: 'Ваши баллы в {{kitaName}} обнулены',
    body: 'руководство {{kitaName}} обнулило баллы вашей семьи.',
    action: '',
    sms: '{{kitaName}}: баллы вашей семьи обнулены.',
  },
  resultLine: {
    slot: '{{childName}}: место есть',
    noSlot: '{{childName}}: места нет',
    noSlotCredit: '{{childName}}: места нет (+1 балл, в следующий раз раньше в очереди)',
    waitlist: '{{childName}}: места нет, очередь № {{position}}',
    waitlistCredit: '{{childName}}: места нет, очередь № {{position}} (+1 балл)',
    home: '{{childName}}: присмотр дома, спасибо!',
  },
  estimate: {
    title: 'Ожидаемое число SMS для этого опроса',
    summary: 'Оплачиваемые части SMS: {{segments}} · семьи по SMS: {{sms}} · по e-mail: {{email}}',
    perLanguageLabel: 'По языкам (семьи × части одного SMS):',
    perLanguage: '{{language}}: {{families}} × {{each}}',
    hint: 'SMS кириллицей или на арабском вмещает 70 вместо 160 символов на часть. Каждое напоминание стоит столько же снова за каждую семью без ответа.',
    none: 'Ни одна семья этой категории не получает опрос по SMS.',
  },
  // PROVISIONAL: English until this newer message is translated with the others.
  erasure_done: {
    subject: 'Your data with {{kitaName}} has been erased',
    body: '{{kitaName}} has erased the data of your family and your account. Finished inquiries keep only a row without names, so that their results stay traceable. This is the last message you will receive from us.',
    action: '',
    sms: '{{kitaName}}: Your family\'s data and your account have been erased.',
  },
};
