import type { FamilyNamespace } from '../types.js';

/** "Meine Daten": the family's download of its data and its erasure request (the staff's list stays German/English). */
export const mydata: FamilyNamespace<'pl', 'mydata'> = {
  myData: {
    title: 'Moje dane',
    description: 'Pobierz wszystko, co zapisano o Twojej rodzinie: profil i dane kontaktowe, dzieci, ankiety z odpowiedziami i wynikami, punkty, wiadomości, zgody i logowania.',
    staffDescription: 'Wszystko, co zapisano o tej rodzinie, w jednym pliku (informacja zgodnie z art. 15 RODO).',
    downloadJson: 'Pobierz (JSON)',
    downloadPdf: 'Pobierz (PDF)',
    downloadFailed: 'Nie udało się pobrać danych.',
  },
  erasure: {
    title: 'Usunięcie moich danych',
    description: 'Możesz zażądać, aby Kita usunęła wszystkie dane Twojej rodziny. Kita zrobi to w ciągu miesiąca; potem Twoje konto zostanie usunięte. Zakończone ankiety zachowują wiersz bez nazwisk, aby ich wyniki pozostały możliwe do sprawdzenia.',
    request: 'Złóż wniosek o usunięcie',
    confirmTitle: 'Na pewno złożyć wniosek o usunięcie?',
    confirmText: 'Kita usunie wtedy wszystkie dane Twojej rodziny i Twoje konto. Otrzymasz potwierdzenie na swój ostatni adres.',
    confirm: 'Tak, złóż wniosek',
    requested: 'Wniosek o usunięcie złożono {{date}}. Kita zrealizuje go najpóźniej do {{due}}.',
    requestedToast: 'Twój wniosek o usunięcie został przyjęty.',
    requestFailed: 'Nie udało się wysłać wniosku o usunięcie.',
  },
};
