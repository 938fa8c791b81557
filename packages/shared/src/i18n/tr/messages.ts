import type { Catalog } from '../types.js';
import type { messages as de } from '../de/messages.js';

/**
 * Turkish. "Kita" is the German word for the day-care centre (kreş / anaokulu); it stays in the
 * Kita's name and is explained where a family meets it first. SMS texts are sent in GSM-7: ı, ş,
 * ğ and ç are written as i, s, g and c there (see docs/translations-messages.md), so they stay
 * as short as German ones.
 */
export const messages: Catalog<typeof de> = {
  common: {
    greeting: 'Merhaba {{name}},',
    greetingNoName: 'Merhaba,',
    signature: 'Kita (kreş) acil bakım ekibiniz',
    footer: 'Bu mesaj otomatik olarak gönderildi. Lütfen bu mesajı yanıtlamayın.',
    privacy: 'Gizlilik',
    imprint: 'Künye (Impressum)',
    accessibility: 'Erişilebilirlik',
    linkFallback: 'Düğme çalışmazsa bu bağlantıyı kopyalayıp tarayıcınıza yapıştırın:',
    kitaNote: 'Kita’nın notu (Kita’nın kendi yazdığı şekliyle, bu yüzden Almanca olabilir):',
  },
  activation: {
    subject: 'Lütfen e-posta adresinizi onaylayın',
    body: '{{kitaName}} kreşinin acil bakım hizmeti için sizin adınıza bir hesap oluşturuldu. Lütfen aşağıdaki bağlantıyla e-posta adresinizi onaylayın. Bağlantı 7 gün geçerlidir.',
    action: 'E-posta adresini onayla',
    sms: '{{kitaName}}: Lütfen e-posta adresinizi onaylayın: {{link}}',
  },
  email_change: {
    subject: 'Lütfen yeni e-posta adresinizi onaylayın',
    body: 'bu adres bundan sonra {{kitaName}} acil bakım hesabınız için kullanılacak. Lütfen aşağıdaki bağlantıyla onaylayın; adres ancak o zaman geçerli olur. Bağlantı 48 saat geçerlidir.\n\nBunu siz istemediyseniz bu e-postayı dikkate almayın. Hiçbir şey değişmez.',
    action: 'Yeni e-posta adresini onayla',
    sms: '{{kitaName}}: Lütfen yeni e-posta adresinizi onaylayın: {{link}}',
  },
  otp: {
    subject: 'Doğrulama kodunuz: {{otp}}',
    body: 'Doğrulama kodunuz {{otp}}. Kod {{minutes}} dakika geçerlidir. Kodu kimseyle paylaşmayın.',
    action: '',
    sms: 'Kita doğrulama kodunuz: {{otp}}. {{minutes}} dakika geçerlidir. Kodu kimseyle paylaşmayın.',
  },
  password_reset: {
    subject: 'Şifrenizi sıfırlayın',
    body: 'Şifrenizi sıfırlamak istediniz. Aşağıdaki bağlantıyla yeni bir şifre belirleyebilirsiniz. Bağlantı {{minutes}} dakika geçerlidir.\n\nBunu siz istemediyseniz bu mesajı dikkate almayın; şifreniz değişmez.',
    action: 'Yeni şifre belirle',
    sms: 'Kita: Yeni şifre belirleyin ({{minutes}} dk geçerli): {{link}}',
  },
  registration_received: {
    subject: '{{kitaName}} kaydınız',
    body: '{{kitaName}} kreşine kaydolduğunuz için teşekkür ederiz. Kita (kreş) yönetimi bilgilerinizi kontrol edecek. Hesabınız onaylanır onaylanmaz size yeni bir mesaj göndereceğiz.',
    action: '',
    sms: '{{kitaName}}: Kaydınız için teşekkürler. Kreş yönetimi hesabınızı onaylayınca size haber vereceğiz.',
  },
  account_exists: {
    subject: '{{kitaName}} kaydı: Zaten bir hesabınız var',
    body: 'Az önce bu e-posta adresiyle {{kitaName}} kreşine kaydolunmaya çalışıldı. Zaten bir hesabınız olduğu için yeniden kaydolmanıza gerek yok.\n\nGiriş yapmanız yeterli. Şifrenizi unuttuysanız giriş sayfasında sıfırlayabilirsiniz. Bu siz değilseniz bu mesajı dikkate almayın.',
    action: 'Giriş yap',
    sms: '{{kitaName}}: Zaten bir hesabınız var. Giriş: {{link}}',
  },
  registration_approved: {
    subject: '{{kitaName}} hesabınız onaylandı',
    body: 'Kita (kreş) yönetimi {{kitaName}} kaydınızı onayladı. Artık giriş yapabilirsiniz; acil bakım ihtiyaç sorgularını bundan sonra siz de alacaksınız.',
    action: 'Girişe git',
    sms: '{{kitaName}}: Hesabınız onaylandı. Giriş: {{link}}',
  },
  inquiry: {
    subject: 'Acil bakım ihtiyaç sorgusu {{careDays}} – {{kitaName}}',
    body: '{{kitaName}}, {{careDays}} için acil bakım ihtiyacını soruyor. Lütfen her çocuğunuz için {{deadline}} saatine kadar bir yere ihtiyacınız olup olmadığını bildirin.',
    action: 'İhtiyacı bildir',
    sms: '{{kitaName}}: acil bakım {{careDays}}, yanıt için son: {{deadline}}: {{link}}',
  },
  reminder: {
    subject: 'Hatırlatma: acil bakım ihtiyaç sorgusu {{careDays}} – {{kitaName}}',
    body: '{{kitaName}} kreşinin {{careDays}} acil bakım ihtiyaç sorgusuna henüz yanıtınızı almadık. Lütfen her çocuğunuz için {{deadline}} saatine kadar bir yere ihtiyacınız olup olmadığını bildirin.',
    action: 'İhtiyacı bildir',
    sms: 'Hatırlatma {{kitaName}}: acil bakım {{careDays}}, son yanıt: {{deadline}}: {{link}}',
  },
  results: {
    subject: 'İhtiyaç sorgusunun sonucu: acil bakım {{careDays}} – {{kitaName}}',
    body: '{{kitaName}} kreşinin {{careDays}} acil bakım ihtiyaç sorgusu sona erdi. Çocuklarınız için sonuç:\n\n{{results}}',
    action: 'Takvime ekle',
    sms: '{{kitaName}}, acil bakım {{careDays}}: {{results}}',
    smsLink: '{{kitaName}}, acil bakım {{careDays}}: {{results}} Takvim: {{link}}',
  },
  slot_offered: {
    subject: 'Bir yer boşaldı – {{kitaName}}',
    body: '{{kitaName}} kreşinin {{careDays}} acil bakımında bir yer boşaldı. {{childName}} artık bir yere sahip.',
    action: 'Takvime ekle',
    sms: '{{kitaName}}: Bir yer boşaldı. {{childName}} acil bakımda {{careDays}} yer aldı.',
    smsLink: '{{kitaName}}: Bir yer boşaldı. {{childName}} acil bakımda {{careDays}} yer aldı. Takvim: {{link}}',
  },
  slot_released: {
    subject: 'Acil bakımdaki yer geri verildi – {{kitaName}}',
    body: '{{kitaName}} yönetimi, {{childName}} için {{careDays}} acil bakımdaki yeri geri verdi. {{childName}} artık bir yere sahip değil. Sorularınız için lütfen kreşe başvurun.',
    action: '',
    sms: '{{kitaName}}: Kreş, {{childName}} için {{careDays}} acil bakımdaki yeri geri verdi.',
  },
  event_withdrawn: {
    subject: 'İhtiyaç sorgusu geri çekildi: acil bakım {{careDays}} – {{kitaName}}',
    body: '{{kitaName}}, {{careDays}} acil bakım ihtiyaç sorgusunu geri çekti. Sizin bir şey yapmanıza gerek yok; sorgudaki bağlantı artık geçerli değil.',
    action: '',
    sms: '{{kitaName}}: {{careDays}} acil bakım sorgusu geri çekildi. Bir şey yapmanıza gerek yok.',
  },
  registration_declined: {
    subject: '{{kitaName}} kaydınız',
    body: '{{kitaName}} yönetimi kaydınızı onaylamadı. Sorularınız için lütfen doğrudan kreşe başvurun.',
    action: '',
    sms: '{{kitaName}}: Kreş yönetimi kaydınızı onaylamadı. Sorularınız için lütfen kreşe başvurun.',
  },
  credits_reset: {
    subject: '{{kitaName}} puanlarınız sıfırlandı',
    body: '{{kitaName}} yönetimi ailenizin puanlarını 0’a sıfırladı.',
    action: '',
    sms: '{{kitaName}}: Ailenizin puanları 0’a sıfırlandı.',
  },
  erasure_done: {
    subject: '{{kitaName}} kreşindeki verileriniz silindi',
    body: '{{kitaName}}, ailenizin verilerini ve hesabınızı sildi. Tamamlanmış sorgularda, sonuçları izlenebilir kalsın diye yalnızca isimsiz bir satır kalır. Bu, bizden alacağınız son mesajdır.',
    action: '',
    sms: '{{kitaName}}: Ailenizin verileri ve hesabınız silindi.',
  },
  resultLine: {
    slot: '{{childName}}: yer verildi',
    noSlot: '{{childName}}: yer yok',
    noSlotCredit: '{{childName}}: yer yok (+1 puan, bir dahaki sefere sırada daha önde)',
    waitlist: '{{childName}}: yer yok, bekleme listesi sıra no. {{position}}',
    waitlistCredit: '{{childName}}: yer yok, bekleme listesi sıra no. {{position}} (+1 puan)',
    home: '{{childName}}: evde bakım, teşekkürler!',
  },
  estimate: {
    title: 'Bu sorgunun tahmini SMS sayısı',
    summary: 'Faturalanan SMS parçaları: {{segments}} · SMS ile aileler: {{sms}} · e-posta ile: {{email}}',
    perLanguageLabel: "Dile göre (aileler × bir SMS'in parçaları):",
    perLanguage: '{{language}}: {{families}} × {{each}}',
    hint: 'Kiril veya Arap alfabesiyle bir SMS parçası 160 yerine 70 karakter alır. Her hatırlatma, yanıt vermeyen her aile için aynı tutarı tekrar tutar.',
    none: 'Bu kategorideki hiçbir aile sorguyu SMS ile almıyor.',
  },
  push: {
    inquiry: 'Yeni acil bakım ihtiyaç sorgusu. Lütfen ihtiyacınızı bildirin.',
    reminder: 'Hatırlatma: Lütfen acil bakım ihtiyaç sorgusunu yanıtlayın.',
    results: 'Acil bakım ihtiyaç sorgusunun sonucu hazır.',
    slot_offered: 'Acil bakımda bir yer boşaldı. Lütfen kontrol edin.',
  },
};
