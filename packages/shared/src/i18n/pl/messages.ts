import type { Catalog } from '../types.js';
import type { messages as de } from '../de/messages.js';

/**
 * Polish. "Kita" is the German word for the day-care centre (przedszkole / żłobek); it stays in
 * the Kita's name. SMS texts are sent in GSM-7 without Polish diacritics (ą → a, ł → l, ż → z …,
 * as Polish SMS are commonly written; see docs/translations-messages.md); minutes are written
 * "min" so no number needs a plural form.
 */
export const messages: Catalog<typeof de> = {
  common: {
    greeting: 'Dzień dobry, {{name}},',
    greetingNoName: 'Dzień dobry,',
    signature: 'Zespół opieki awaryjnej Kita (przedszkola)',
    footer: 'Ta wiadomość została wysłana automatycznie. Prosimy na nią nie odpowiadać.',
    privacy: 'Ochrona danych',
    imprint: 'Nota prawna (Impressum)',
    accessibility: 'Dostępność',
    linkFallback: 'Jeśli przycisk nie działa, skopiuj ten link do przeglądarki:',
    kitaNote: 'Informacja od Kita (przedszkola) – jej własnymi słowami, dlatego może być po niemiecku:',
  },
  activation: {
    subject: 'Prosimy potwierdzić adres e-mail',
    body: 'utworzyliśmy dla Państwa konto opieki awaryjnej w {{kitaName}}. Prosimy potwierdzić adres e-mail, korzystając z poniższego linku. Link jest ważny 7 dni.',
    action: 'Potwierdź adres e-mail',
    sms: '{{kitaName}}: Prosimy potwierdzić adres e-mail: {{link}}',
  },
  email_change: {
    subject: 'Prosimy potwierdzić nowy adres e-mail',
    body: 'ten adres ma być od teraz używany dla Państwa konta opieki awaryjnej w {{kitaName}}. Prosimy potwierdzić go, korzystając z poniższego linku; dopiero wtedy zacznie obowiązywać. Link jest ważny 48 godzin.\n\nJeśli to nie Państwo, prosimy zignorować tę wiadomość. Nic się nie zmieni.',
    action: 'Potwierdź nowy adres e-mail',
    sms: '{{kitaName}}: Prosimy potwierdzić nowy adres e-mail: {{link}}',
  },
  otp: {
    subject: 'Kod weryfikacyjny: {{otp}}',
    body: 'Kod weryfikacyjny to {{otp}}. Jest ważny {{minutes}} min. Nie przekazuj go nikomu.',
    action: '',
    sms: 'Kod weryfikacyjny Kita: {{otp}}. Ważny {{minutes}} min. Nie przekazuj go nikomu.',
  },
  password_reset: {
    subject: 'Resetowanie hasła',
    body: 'Otrzymaliśmy prośbę o zresetowanie hasła. Poniższy link pozwala ustawić nowe hasło. Link jest ważny {{minutes}} min.\n\nJeśli to nie Państwo, prosimy zignorować tę wiadomość; hasło pozostanie bez zmian.',
    action: 'Ustaw nowe hasło',
    sms: 'Kita: Ustaw nowe hasło (ważne {{minutes}} min): {{link}}',
  },
  registration_received: {
    subject: 'Rejestracja w {{kitaName}}',
    body: 'dziękujemy za rejestrację w {{kitaName}}. Dyrekcja Kita (przedszkola) sprawdzi Państwa dane. Gdy tylko konto zostanie zatwierdzone, otrzymają Państwo kolejną wiadomość.',
    action: '',
    sms: '{{kitaName}}: Dziękujemy za rejestrację. Damy znać, gdy tylko dyrekcja zatwierdzi konto.',
  },
  account_exists: {
    subject: 'Rejestracja w {{kitaName}}: konto już istnieje',
    body: 'ktoś właśnie próbował zarejestrować się w {{kitaName}} tym adresem e-mail. Mają już Państwo konto, więc ponowna rejestracja nie jest potrzebna.\n\nWystarczy się zalogować. Jeśli nie pamiętają Państwo hasła, można je zresetować na stronie logowania. Jeśli to nie Państwo, prosimy zignorować tę wiadomość.',
    action: 'Zaloguj się',
    sms: '{{kitaName}}: Mają Państwo już konto. Logowanie: {{link}}',
  },
  registration_approved: {
    subject: 'Konto w {{kitaName}} zostało zatwierdzone',
    body: 'dyrekcja Kita (przedszkola) zatwierdziła Państwa rejestrację w {{kitaName}}. Mogą się Państwo teraz zalogować i od teraz będą otrzymywać ankiety o zapotrzebowaniu na opiekę awaryjną.',
    action: 'Przejdź do logowania',
    sms: '{{kitaName}}: Konto zatwierdzone. Logowanie: {{link}}',
  },
  inquiry: {
    subject: 'Ankieta: opieka awaryjna {{careDays}} – {{kitaName}}',
    body: '{{kitaName}} pyta o zapotrzebowanie na opiekę awaryjną {{careDays}}. Prosimy do {{deadline}} podać dla każdego dziecka, czy potrzebne jest miejsce.',
    action: 'Odpowiedz',
    sms: '{{kitaName}}: opieka awaryjna {{careDays}}, odpowiedź do {{deadline}}: {{link}}',
  },
  reminder: {
    subject: 'Przypomnienie: ankieta, opieka awaryjna {{careDays}} – {{kitaName}}',
    body: 'nie otrzymaliśmy jeszcze Państwa odpowiedzi na ankietę {{kitaName}} w sprawie opieki awaryjnej {{careDays}}. Prosimy do {{deadline}} podać dla każdego dziecka, czy potrzebne jest miejsce.',
    action: 'Odpowiedz',
    sms: 'Przypomnienie {{kitaName}}: opieka {{careDays}}, odpowiedź do {{deadline}}: {{link}}',
  },
  results: {
    subject: 'Wynik ankiety: opieka awaryjna {{careDays}} – {{kitaName}}',
    body: 'ankieta {{kitaName}} w sprawie opieki awaryjnej {{careDays}} została zamknięta. Wynik dla Państwa dzieci:\n\n{{results}}',
    action: 'Dodaj do kalendarza',
    sms: '{{kitaName}}, opieka awaryjna {{careDays}}: {{results}}',
    smsLink: '{{kitaName}}, opieka awaryjna {{careDays}}: {{results}} Kalendarz: {{link}}',
  },
  slot_offered: {
    subject: 'Zwolniło się miejsce – {{kitaName}}',
    body: 'w opiece awaryjnej {{kitaName}} {{careDays}} zwolniło się miejsce. {{childName}} ma teraz miejsce.',
    action: 'Dodaj do kalendarza',
    sms: '{{kitaName}}: Zwolniło się miejsce. {{childName}} ma miejsce w opiece awaryjnej {{careDays}}.',
    smsLink: '{{kitaName}}: Zwolniło się miejsce. {{childName}} ma miejsce w opiece awaryjnej {{careDays}}. Kalendarz: {{link}}',
  },
  slot_released: {
    subject: 'Miejsce w opiece awaryjnej zostało oddane – {{kitaName}}',
    body: 'dyrekcja {{kitaName}} oddała miejsce dziecka {{childName}} w opiece awaryjnej {{careDays}}. {{childName}} nie ma już miejsca. W razie pytań prosimy o kontakt z Kita.',
    action: '',
    sms: '{{kitaName}}: Kita oddała miejsce dziecka {{childName}} w opiece awaryjnej {{careDays}}.',
  },
  event_withdrawn: {
    subject: 'Ankieta wycofana: opieka awaryjna {{careDays}} – {{kitaName}}',
    body: '{{kitaName}} wycofała ankietę w sprawie opieki awaryjnej {{careDays}}. Nie muszą Państwo nic robić; link z ankiety już nie działa.',
    action: '',
    sms: '{{kitaName}}: Ankieta o opiece awaryjnej {{careDays}} wycofana. Nic nie trzeba robić.',
  },
  registration_declined: {
    subject: 'Rejestracja w {{kitaName}}',
    body: 'dyrekcja {{kitaName}} nie zatwierdziła Państwa rejestracji. W razie pytań prosimy o bezpośredni kontakt z Kita.',
    action: '',
    sms: '{{kitaName}}: Dyrekcja nie zatwierdziła rejestracji. W razie pytań prosimy o kontakt z Kita.',
  },
  credits_reset: {
    subject: 'Punkty w {{kitaName}} zostały wyzerowane',
    body: 'dyrekcja {{kitaName}} wyzerowała punkty Państwa rodziny.',
    action: '',
    sms: '{{kitaName}}: Punkty Państwa rodziny zostały wyzerowane.',
  },
  erasure_done: {
    subject: 'Dane w {{kitaName}} zostały usunięte',
    body: '{{kitaName}} usunęła dane Państwa rodziny i Państwa konto. W zakończonych ankietach pozostaje tylko wiersz bez nazwisk, aby ich wyniki dało się prześledzić. To ostatnia wiadomość, jaką Państwo od nas otrzymają.',
    action: '',
    sms: '{{kitaName}}: Dane Państwa rodziny i konto zostały usunięte.',
  },
  resultLine: {
    slot: '{{childName}}: miejsce przyznane',
    noSlot: '{{childName}}: brak miejsca',
    noSlotCredit: '{{childName}}: brak miejsca (+1 punkt, następnym razem wcześniej w kolejce)',
    waitlist: '{{childName}}: brak miejsca, lista oczekujących nr {{position}}',
    waitlistCredit: '{{childName}}: brak miejsca, lista oczekujących nr {{position}} (+1 punkt)',
    home: '{{childName}}: opieka w domu, dziękujemy!',
  },
  estimate: {
    title: 'Przewidywane SMS-y tej ankiety',
    summary: 'Rozliczane części SMS: {{segments}} · rodziny przez SMS: {{sms}} · przez e-mail: {{email}}',
    perLanguageLabel: 'Według języka (rodziny × części jednego SMS-a):',
    perLanguage: '{{language}}: {{families}} × {{each}}',
    hint: 'SMS cyrylicą lub po arabsku mieści 70 zamiast 160 znaków na część. Każde przypomnienie kosztuje tyle samo ponownie za każdą rodzinę bez odpowiedzi.',
    none: 'Żadna rodzina z tej kategorii nie dostaje ankiety przez SMS.',
  },
  push: {
    inquiry: 'Nowa ankieta dotycząca opieki awaryjnej. Prosimy podać swoje zapotrzebowanie.',
    reminder: 'Przypomnienie: prosimy odpowiedzieć na ankietę dotyczącą opieki awaryjnej.',
    results: 'Wynik ankiety dotyczącej opieki awaryjnej jest gotowy.',
    slot_offered: 'Zwolniło się miejsce w opiece awaryjnej. Prosimy sprawdzić.',
  },
};
