import type { FamilyNamespace } from '../types.js';

/** "Meine Daten": the family's download of its data and its erasure request (the staff's list stays German/English). */
export const mydata: FamilyNamespace<'tr', 'mydata'> = {
  myData: {
    title: 'Verilerim',
    description: 'Aileniz hakkında kayıtlı olan her şeyi indirin: profil ve iletişim bilgileri, çocuklar, yanıtları ve sonuçlarıyla sorgular, puanlar, mesajlar, onaylar ve girişler.',
    staffDescription: 'Bu aile hakkında kayıtlı her şey dosya olarak (GDPR Madde 15 kapsamında bilgi).',
    downloadJson: 'İndir (JSON)',
    downloadPdf: 'İndir (PDF)',
    downloadFailed: 'Veriler indirilemedi.',
  },
  erasure: {
    title: 'Verilerimin silinmesi',
    description: 'Kita’dan ailenize ait tüm verileri silmesini isteyebilirsiniz. Kita bunu bir ay içinde yapar; ardından hesabınız silinir. Tamamlanmış sorgular, sonuçları izlenebilir kalsın diye isimsiz bir satır tutar.',
    request: 'Silme talep et',
    confirmTitle: 'Silme gerçekten talep edilsin mi?',
    confirmText: 'Kita bu durumda ailenize ait tüm verileri ve hesabınızı siler. Son adresinize bir onay gönderilir.',
    confirm: 'Evet, silme talep et',
    requested: 'Silme talebi {{date}} tarihinde alındı. Kita en geç {{due}} tarihine kadar yerine getirir.',
    requestedToast: 'Silme talebiniz alındı.',
    requestFailed: 'Silme talebi gönderilemedi.',
  },
};
