import type { FamilyNamespace } from '../types.js';

/** Only the failure reasons: the parent's code page names them; the rest is for staff (English fills in). */
export const delivery: FamilyNamespace<'tr', 'delivery'> = {
  reasons: {
    landline: 'Sabit hat numarası',
    invalid_number: 'Geçersiz numara',
    unreachable: 'Telefona ulaşılamıyor',
    blocked: 'SMS alıcı tarafından engellendi',
    filtered: 'Operatör tarafından filtrelendi',
    mailbox_full: 'Posta kutusu dolu',
    no_such_address: 'E-posta adresi mevcut değil',
    rejected: 'Sağlayıcı tarafından reddedildi',
    expired: 'Teslim süresi doldu',
    too_many_attempts: 'Çok fazla deneme',
    not_sent_in_time: 'Süre dolmadan gönderilemedi',
    push_expired: 'Bildirim için kayıtlı cihaz kalmadı',
    push_off: 'Bildirimler kapalı',
    unknown: 'Bilinmeyen hata',
  },
};
