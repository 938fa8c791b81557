import type { Catalog } from '../types.js';
import type { preference as de } from '../de/preference.js';

export const preference: Catalog<typeof de> = {
  title: 'Emergency care demand inquiry',
  greeting: 'Hello {{name}},',
  intro: 'please tell us for each child whether you need a place in the emergency care.',
  eventDate: 'Emergency care',
  today: 'TODAY',
  deadline: 'Answer by',
  sought_one: '{{count}} child sought',
  sought_other: '{{count}} children sought',
  soughtHint: 'This many children need care at home so that the places suffice.',
  childrenTitle: 'Your children',
  childrenLabel: 'Choice per child',
  choose: 'Please choose',
  yourChoice: 'Your choice',
  change: 'Change selection',
  saving: 'Saving …',
  saved: 'Saved',
  noChildren: 'None of your children are part of this inquiry.',
  options: {
    red: { label: 'Red', text: 'I need the place.' },
    yellow: { label: 'Yellow', text: 'I take the place if possible.' },
    green: { label: 'Green', text: 'My child stays at home; the place goes to others.' },
    blue: { label: 'Blue', text: 'My child is already in the Kita or nearly so.' },
  },
  hints: {
    immediate: 'The emergency care starts today. Please answer quickly: as soon as everybody has answered or the deadline passes, the places are given and you receive the result.',
    // Rule 2 (docs/fairness.md): no credit for green, so the hint must not invite green answers.
    future: 'Please answer by the time shown under "Answer by". Then the Kita gives the places: red first, then yellow. Within a colour, families who last answered red and found no place come first; a lottery decides between equals. Green gives no advantage: answer as you need the place. You receive the result by e-mail or SMS.',
  },
  faq: 'Frequently asked questions about emergency care',
  expiredTitle: 'Inquiry closed',
  expired: 'This demand inquiry has already expired.',
  home: 'Home',
  tokenMissing: 'Token is missing or invalid.',
  tokenInvalid: 'Invalid or expired activation link.',
  fetchFailed: 'Could not fetch preferences. Please try again later.',
  saveFailed: 'An unexpected error occurred.',
  saveErrorTitle: 'Not saved',
  loading: 'Loading the inquiry …',
};
