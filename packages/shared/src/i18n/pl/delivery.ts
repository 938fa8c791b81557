import type { FamilyNamespace } from '../types.js';

/** Only the failure reasons: the parent's code page names them; the rest is for staff (English fills in). */
export const delivery: FamilyNamespace<'pl', 'delivery'> = {
  reasons: {
    landline: 'Numer stacjonarny',
    invalid_number: 'Nieprawidłowy numer',
    unreachable: 'Telefon nieosiągalny',
    blocked: 'SMS zablokowany przez odbiorcę',
    filtered: 'Odfiltrowany przez operatora',
    mailbox_full: 'Skrzynka pełna',
    no_such_address: 'Adres e-mail nie istnieje',
    rejected: 'Odrzucony przez dostawcę',
    expired: 'Upłynął czas doręczenia',
    too_many_attempts: 'Zbyt wiele prób',
    not_sent_in_time: 'Nie wysłano przed terminem',
    push_expired: 'Brak urządzenia do powiadomień',
    push_off: 'Powiadomienia wyłączone',
    unknown: 'Nieznany błąd',
  },
};
