import type { FamilyNamespace } from '../types.js';

/** Only the failure reasons: the parent's code page names them; the rest is for staff (English fills in). */
export const delivery: FamilyNamespace<'uk', 'delivery'> = {
  reasons: {
    landline: 'Стаціонарний номер',
    invalid_number: 'Недійсний номер',
    unreachable: 'Телефон недоступний',
    blocked: 'SMS заблоковано одержувачем',
    filtered: 'Відфільтровано оператором',
    mailbox_full: 'Поштова скринька переповнена',
    no_such_address: 'Адреса електронної пошти не існує',
    rejected: 'Відхилено провайдером',
    expired: 'Термін доставки минув',
    too_many_attempts: 'Забагато спроб',
    not_sent_in_time: 'Не надіслано до терміну',
    push_expired: 'Не залишилося пристроїв для сповіщень',
    push_off: 'Сповіщення вимкнено',
    unknown: 'Невідома помилка',
  },
};
