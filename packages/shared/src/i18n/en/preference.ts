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
  /** /help, the page the FAQ link opens. Rule version 2: docs/fairness.md. */
  help: {
    title: 'Questions about emergency care',
    intro: 'When the Kita is short of staff (strike, illness), it asks who needs a place in emergency care. This is how it works.',
    coloursTitle: 'The traffic light: what your answer means',
    colour: {
      red: 'Your child comes before yellow when places are given.',
      yellow: 'Your child gets a place if one is left after red.',
      green: 'Your place goes to other families. Green earns no credits and no advantage in later inquiries.',
      blue: 'Immediate inquiries only: your child keeps its place.',
    },
    order: {
      title: 'Who gets a place?',
      text: 'When the deadline passes, the places are given: blue first, then red, then yellow. Within a colour, families with more credits come first; between equals a published lottery decides, which nobody can change afterwards. Siblings stay together.',
    },
    credits: {
      title: 'What are credits?',
      text: 'If your child answered red and found no place, your family moves one step forward (+1). If it got a place, your family moves two steps back (-2). There are only three steps, from -1 to +1. Green and yellow change nothing: credits cannot be saved up. So always answer as you need the place.',
    },
    careDays: {
      title: 'Which days does the inquiry cover?',
      text: 'The message names the days of care, e.g. "from Mon, 30 Nov to Wed, 2 Dec": both named days are included. Your answer counts for all days of the inquiry.',
    },
    change: {
      title: 'Can I change my answer?',
      text: 'Yes, until the time shown under "Answer by": open the link from the message again or log in (Events/history). Without an answer your child counts as green.',
    },
    result: {
      title: 'When do I learn the result?',
      text: 'Right after the deadline by e-mail or SMS, for each child: place or no place. Logged in, you also see it under Events/history.',
    },
    release: {
      title: 'I no longer need the place.',
      text: 'Give it back as early as you can under Events/history: it goes to the next child on the waiting list, whose family is told at once.',
    },
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
  withdrawnTitle: 'This inquiry was withdrawn by the Kita',
  resultTitle: 'Result',
  resultIntro: 'the inquiry is closed. The result for your children:',
  result: {
    slot: 'Place granted',
    noSlot: 'No place',
    waitlist: 'No place – waiting list no. {{position}}',
    home: 'Care at home – thank you!',
    released: 'Place given back',
  },
};
