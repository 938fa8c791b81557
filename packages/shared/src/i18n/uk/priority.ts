import type { FamilyNamespace } from '../types.js';

/** What a family reads of verified priority: that its need is confirmed, and until when (never the group). */
export const priority: FamilyNamespace<'uk', 'priority'> = {
  parent: {
    title: 'Пріоритет',
    confirmed: 'Kita підтвердила вашу потребу. Якщо ви відповісте «червоний», ваша родина отримає місце раніше за інші червоні запити. Діє до {{date}}.',
    confirmedChild: 'Kita підтвердила потребу для {{child}}. Якщо ви відповісте «червоний» для {{child}}, дитина отримає місце раніше за інші червоні запити. Діє до {{date}}.',
    expired: 'Ваш підтверджений пріоритет закінчився {{date}}. Якщо потреба залишається, зверніться, будь ласка, до Kita.',
  },
};
