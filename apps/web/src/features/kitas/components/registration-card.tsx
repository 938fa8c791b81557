import * as React from 'react';
import { CheckIcon, CopyIcon, DownloadIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LIMITS, type KitaDetails } from '@kita/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { notifyError, notifySuccess } from '@/lib/notify';

/** Decodes a base64 data URL into a Blob (no fetch: the CSP keeps connect-src to 'self'). */
function dataUrlToBlob(dataUrl: string): Blob {
  const match = /^data:([^;,]+);base64,(.*)$/.exec(dataUrl);
  if (!match) throw new Error('not a base64 data URL');
  const bytes = Uint8Array.from(atob(match[2]!), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: match[1] });
}

/** Saves the QR code as qr-code.png. */
function downloadQrCode(dataUrl: string): void {
  const url = URL.createObjectURL(dataUrlToBlob(dataUrl));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'qr-code.png';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), LIMITS.reportUrlReleaseMs);
}

/**
 * The registration card: read-only link with a copy button (5-second "copied" state), the QR code
 * with a download button, and a hint. Fixed height 550px.
 */
export function RegistrationCard({ kita }: { kita: Pick<KitaDetails, 'kitaName' | 'registrationLink' | 'qrCode'> }) {
  const { t } = useTranslation();
  const [copied, setCopied] = React.useState(false);
  const inputId = React.useId();

  React.useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), LIMITS.copyConfirmMs);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(kita.registrationLink);
      setCopied(true);
      notifySuccess(t('kitas.registration.copiedToast'));
    } catch (error) {
      notifyError(t('kitas.registration.copyFailed'), error);
    }
  };

  const download = () => {
    try {
      downloadQrCode(kita.qrCode);
    } catch (error) {
      notifyError(t('kitas.registration.downloadFailed'), error);
    }
  };

  return (
    <Card className="h-[550px] gap-4 overflow-hidden" data-qa="registration-card">
      <CardHeader>
        <CardTitle>
          <h2>{t('kitas.registration.title')}</h2>
        </CardTitle>
        <CardDescription>{t('kitas.registration.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex min-h-0 flex-1 flex-col gap-4">
        <div className="grid gap-2">
          <Label htmlFor={inputId}>{t('kitas.registration.linkLabel')}</Label>
          <div className="flex gap-2">
            <Input
              id={inputId}
              readOnly
              value={kita.registrationLink}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1 font-mono text-xs"
              data-qa="registration-link"
            />
            <Button type="button" variant={copied ? 'secondary' : 'outline'} onClick={copy} data-qa="registration-copy" aria-live="polite">
              {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
              {copied ? t('kitas.registration.copied') : t('kitas.registration.copy')}
            </Button>
          </div>
        </div>
        <div className="flex min-h-0 flex-1 items-center justify-center rounded-md border bg-white p-2">
          <img
            src={kita.qrCode}
            alt={t('kitas.registration.qrAlt', { kitaName: kita.kitaName })}
            className="aspect-square h-full max-h-56 w-auto object-contain"
            data-qa="registration-qr"
          />
        </div>
        <Button type="button" variant="outline" onClick={download} data-qa="registration-download">
          <DownloadIcon aria-hidden="true" />
          {t('kitas.registration.download')}
        </Button>
      </CardContent>
      <CardFooter>
        <p className="text-muted-foreground text-xs">{t('kitas.registration.hint')}</p>
      </CardFooter>
    </Card>
  );
}
