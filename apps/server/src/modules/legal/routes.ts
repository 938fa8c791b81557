import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { legalApi } from '@kita/shared/api';
import { serve } from '../../lib/routes.js';
import { legalSettingsOf } from '../../config.js';
import { legalText } from '../../lib/legal.js';
import { requestLanguage } from '../../lib/language.js';

/**
 * The legal pages (lib/legal.ts): public, since a visitor must be able to read them before
 * giving any data (the login, registration and preference pages link to them).
 */
export const legalRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = legalSettingsOf(app.config);
  app.route({
    ...serve(legalApi.page),
    handler: async (req) => {
      const asked = req.query.lang?.toLowerCase();
      // German and English are shipped; any other language reads the German text (the web says so).
      const language: 'de' | 'en' = asked ? (asked.startsWith('en') ? 'en' : 'de') : requestLanguage(req) === 'en' ? 'en' : 'de';
      return { data: { page: req.params.page, language, markdown: legalText(settings, req.params.page, language).markdown } };
    },
  });
};
