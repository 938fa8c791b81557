import { describe, expect, it } from 'vitest';
import { translate } from './i18n/index.js';
import { ruleTextKey } from './results.js';

describe('the rule text of an inquiry', () => {
  it('is the text of the version it was closed with: 1, 2 and 3 (the default for new ones)', () => {
    expect(ruleTextKey(1)).toBe('results.ruleV1');
    expect(ruleTextKey(2)).toBe('results.rule');
    expect(ruleTextKey(3)).toBe('results.ruleV3');
    expect(ruleTextKey(undefined)).toBe('results.ruleV3');
    expect(translate('de', ruleTextKey(2))).toContain('Guthaben (Regel 2)');
    expect(translate('de', ruleTextKey(2))).not.toContain('Vorrang');
    expect(translate('de', ruleTextKey(3))).toContain('Reihenfolge (Regel 3)');
    expect(translate('en', ruleTextKey(3))).toContain('Order (rule 3)');
  });
});
