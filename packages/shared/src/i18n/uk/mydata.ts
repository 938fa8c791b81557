import type { FamilyNamespace } from '../types.js';

/** "Meine Daten": the family's download of its data and its erasure request (the staff's list stays German/English). */
export const mydata: FamilyNamespace<'uk', 'mydata'> = {
  myData: {
    title: 'Мої дані',
    description: 'Завантажте все, що збережено про вашу родину: профіль і контакти, дітей, опитування з відповідями та результатами, бали, повідомлення, згоди та входи.',
    staffDescription: 'Усе, що збережено про цю родину, одним файлом (інформація за ст. 15 GDPR).',
    downloadJson: 'Завантажити (JSON)',
    downloadPdf: 'Завантажити (PDF)',
    downloadFailed: 'Не вдалося завантажити дані.',
  },
  erasure: {
    title: 'Видалення моїх даних',
    description: 'Ви можете вимагати, щоб Kita видалила всі дані вашої родини. Kita зробить це протягом місяця; після цього ваш обліковий запис буде видалено. Завершені опитування зберігають рядок без імен, щоб їхні результати можна було перевірити.',
    request: 'Подати запит на видалення',
    confirmTitle: 'Справді подати запит на видалення?',
    confirmText: 'Тоді Kita видалить усі дані вашої родини та ваш обліковий запис. Ви отримаєте підтвердження на свою останню адресу.',
    confirm: 'Так, подати запит',
    requested: 'Запит на видалення подано {{date}}. Kita виконає його не пізніше {{due}}.',
    requestedToast: 'Ваш запит на видалення отримано.',
    requestFailed: 'Не вдалося надіслати запит на видалення.',
  },
};
