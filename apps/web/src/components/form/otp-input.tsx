import type * as React from 'react';
import { Input } from '@/components/ui/input';

/**
 * The 6-digit SMS code field (login step and phone verification): digits only, at most six, the
 * phone's one-time-code autofill, large monospace digits for thumbs.
 */
export function OtpInput({
  onChange,
  ...props
}: Omit<React.ComponentProps<typeof Input>, 'onChange'> & { onChange: (value: string) => void }) {
  return (
    <Input
      {...props}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      autoFocus
      placeholder="000000"
      className="h-12 text-center font-mono text-2xl tracking-[0.5em] md:text-2xl"
    />
  );
}
