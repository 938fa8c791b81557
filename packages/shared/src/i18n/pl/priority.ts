import type { FamilyNamespace } from '../types.js';

/** What a family reads of verified priority: that its need is confirmed, and until when (never the group). */
export const priority: FamilyNamespace<'pl', 'priority'> = {
  parent: {
    title: 'Pierwszeństwo',
    confirmed: 'Kita potwierdziła Twoją potrzebę. Jeśli odpowiesz „czerwony”, Twoja rodzina dostanie miejsce przed innymi czerwonymi zgłoszeniami. Ważne do {{date}}.',
    confirmedChild: 'Kita potwierdziła potrzebę dla {{child}}. Jeśli odpowiesz „czerwony” dla {{child}}, dziecko dostanie miejsce przed innymi czerwonymi zgłoszeniami. Ważne do {{date}}.',
    expired: 'Twoje potwierdzone pierwszeństwo wygasło {{date}}. Jeśli potrzeba nadal istnieje, skontaktuj się z Kita.',
  },
};
