import type { FamilyNamespace } from '../types.js';

/** What a family reads of verified priority: that its need is confirmed, and until when (never the group). */
export const priority: FamilyNamespace<'tr', 'priority'> = {
  parent: {
    title: 'Öncelik',
    confirmed: 'Kita ihtiyacınızı onayladı. Kırmızı yanıt verirseniz aileniz diğer kırmızı taleplerden önce yer alır. {{date}} tarihine kadar geçerlidir.',
    confirmedChild: 'Kita, {{child}} için ihtiyacı onayladı. {{child}} için kırmızı yanıt verirseniz çocuk diğer kırmızı taleplerden önce yer alır. {{date}} tarihine kadar geçerlidir.',
    expired: 'Onaylanmış önceliğiniz {{date}} tarihinde sona erdi. İhtiyacınız devam ediyorsa lütfen Kita ile görüşün.',
  },
};
