import { createRequire } from 'node:module';
import os from 'node:os';
import type { LoggerOptions } from 'pino';
import type { Config } from '../config.js';

/** Whether pino-pretty is installed (a development dependency: absent after `npm ci --omit=dev`). */
function prettyAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/**
 * pino settings of every process: JSON lines (one object per line, for log collectors) except under
 * NODE_ENV=development, where they are printed readably. No tokens or secrets: the authorization
 * header is redacted and token query parameters are masked.
 */
export function loggerOptions(config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>, base?: Record<string, string>): LoggerOptions {
  return {
    level: config.LOG_LEVEL,
    // pid and hostname on every line of every process (app, worker), also when a process adds its own fields.
    base: { pid: process.pid, hostname: os.hostname(), ...base },
    // The VAPID private key is not even enumerable in the configuration (config.ts PushConfig); named here too.
    redact: ['req.headers.authorization', 'req.headers.cookie', 'privateKey', '*.privateKey', 'push.privateKey', '*.push.privateKey'],
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, url: redactUrl(req.url) }),
    },
    ...(config.NODE_ENV === 'development' && prettyAvailable()
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
}

/**
 * A URL as logged: the token of a short preference link (`/p/<token>`) and the value of every
 * secret-bearing query parameter (token, otp, code, …) masked, at every level.
 */
export const redactUrl = (url: string) =>
  url
    .replace(/^\/p\/[^/?#]+/, '/p/[redacted]')
    .replace(/([?&][^=&#]*(?:token|otp|code|secret|password|key|signature)[^=&#]*)=[^&#]*/gi, '$1=[redacted]');
