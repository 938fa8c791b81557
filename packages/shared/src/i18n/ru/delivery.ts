import type { FamilyNamespace } from '../types.js';

/** Only the failure reasons: the parent's code page names them; the rest is for staff (English fills in). */
export const delivery: FamilyNamespace<'ru', 'delivery'> = {
  reasons: {
    landline: 'Стационарный номер',
    invalid_number: 'Недействительный номер',
    unreachable: 'Телефон недоступен',
    blocked: 'SMS заблокировано получателем',
    filtered: 'Отфильтровано оператором',
    mailbox_full: 'Почтовый ящик переполнен',
    no_such_address: 'Адрес электронной почты не существует',
    rejected: 'Отклонено провайдером',
    expired: 'Срок доставки истёк',
    too_many_attempts: 'Слишком много попыток',
    not_sent_in_time: 'Не отправлено до срока',
    push_expired: 'Не осталось устройств для уведомлений',
    push_off: 'Уведомления отключены',
    unknown: 'Неизвестная ошибка',
  },
};
