import type * as React from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';
import { useTheme } from '@/lib/theme';

/** The app's single toaster: one toast visible at a time, rich colours for success/error. */
function Toaster(props: ToasterProps) {
  const { theme } = useTheme();
  return (
    <Sonner
      theme={theme}
      className="toaster group"
      visibleToasts={1}
      richColors
      closeButton
      position="top-right"
      // Below the 56 px app header: a toast (paused while the pointer rests on it) must never cover
      // the header's logout, language and theme controls.
      offset={{ top: 64, right: 16 }}
      mobileOffset={{ top: 64 }}
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
          // Darker than sonner's rich colours so toast text passes WCAG AA contrast (axe).
          '--success-text': '#05612a',
          '--error-text': '#a50e0e',
          '--warning-text': '#7a4a00',
          '--info-text': '#0b4fa8',
        } as React.CSSProperties
      }
      {...props}
    />
  );
}

export { Toaster };
