import type { FamilyNamespace } from '../types.js';

/** "Meine Daten": the family's download of its data and its erasure request (the staff's list stays German/English). */
export const mydata: FamilyNamespace<'ru', 'mydata'> = {
  myData: {
    title: 'Мои данные',
    description: 'Скачайте всё, что сохранено о вашей семье: профиль и контакты, детей, опросы с ответами и результатами, баллы, сообщения, согласия и входы.',
    staffDescription: 'Всё, что сохранено об этой семье, одним файлом (информация по ст. 15 GDPR).',
    downloadJson: 'Скачать (JSON)',
    downloadPdf: 'Скачать (PDF)',
    downloadFailed: 'Не удалось скачать данные.',
  },
  erasure: {
    title: 'Удаление моих данных',
    description: 'Вы можете потребовать, чтобы Kita удалила все данные вашей семьи. Kita сделает это в течение месяца; после этого ваш аккаунт будет удалён. Завершённые опросы сохраняют строку без имён, чтобы их результаты можно было проверить.',
    request: 'Запросить удаление',
    confirmTitle: 'Действительно запросить удаление?',
    confirmText: 'Тогда Kita удалит все данные вашей семьи и ваш аккаунт. Вы получите подтверждение на свой последний адрес.',
    confirm: 'Да, запросить удаление',
    requested: 'Запрос на удаление подан {{date}}. Kita выполнит его не позднее {{due}}.',
    requestedToast: 'Ваш запрос на удаление получен.',
    requestFailed: 'Не удалось отправить запрос на удаление.',
  },
};
