import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { i18nReady, loadFullCatalog } from '@/lib/i18n';

// The screens render with the German texts of the real catalogs (the product's default language).
await i18nReady;
await loadFullCatalog();

// Radix UI asks the DOM for pointer capture and scrolling, which happy-dom leaves out.
const element = globalThis.Element?.prototype as unknown as Record<string, unknown> | undefined;
if (element) {
  element.hasPointerCapture ??= () => false;
  element.releasePointerCapture ??= () => undefined;
  element.scrollIntoView ??= () => undefined;
}

// The app marks its parts with data-qa (the browser tests use the same attribute).
// The waits allow for a loaded machine (the suite runs beside the server tests on two cores): a
// toast, for one, appears only after sonner has been imported on first use.
configure({ testIdAttribute: 'data-qa', asyncUtilTimeout: 10_000 });

afterEach(() => cleanup());
