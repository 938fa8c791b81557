import type { FamilyNamespace } from '../types.js';

/** What a family reads of verified priority: that its need is confirmed, and until when (never the group). */
export const priority: FamilyNamespace<'ru', 'priority'> = {
  parent: {
    title: 'Приоритет',
    confirmed: 'Kita подтвердила вашу потребность. Если вы ответите «красный», ваша семья получит место раньше других красных запросов. Действует до {{date}}.',
    confirmedChild: 'Kita подтвердила потребность для {{child}}. Если вы ответите «красный» для {{child}}, ребёнок получит место раньше других красных запросов. Действует до {{date}}.',
    expired: 'Ваш подтверждённый приоритет истёк {{date}}. Если потребность сохраняется, обратитесь, пожалуйста, в Kita.',
  },
};
