import type * as React from 'react';
import { BadgeCheckIcon, CircleAlertIcon, Loader2Icon, RotateCcwIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatPhone, LANGUAGE_NAMES, type ParentDetails } from '@kita/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { AccountStatusBadge, communicationLabel } from './parent-badges';

function Row({ label, children, qa }: { label: string; children: React.ReactNode; qa: string }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[minmax(7rem,11rem)_1fr] sm:gap-4" data-qa={qa}>
      <dt className="text-muted-foreground text-sm">{label}</dt>
      <dd className="flex min-w-0 flex-wrap items-center gap-2 text-sm break-all">{children}</dd>
    </div>
  );
}

/** Verified / not verified, as an icon with a text for screen readers and a tooltip. */
function VerifiedIcon({ verified }: { verified: boolean }) {
  const { t } = useTranslation();
  const label = verified ? t('parents.details.verified') : t('parents.details.unverified');
  const Icon = verified ? BadgeCheckIcon : CircleAlertIcon;
  return (
    <span className="inline-flex items-center" title={label} data-qa={verified ? 'icon-verified' : 'icon-unverified'}>
      <Icon className={verified ? 'text-success size-4' : 'text-amber-600 size-4'} aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

interface ContactProps {
  label: string;
  value: string | null;
  verified: boolean;
  qa: string;
  onVerify?: () => void;
  verifyLabel?: string;
  pending?: boolean;
  /** A line under the value (a new address that waits for its confirmation). */
  note?: string | null;
}

function ContactRow({ label, value, verified, qa, onVerify, verifyLabel, pending, note }: ContactProps) {
  const { t } = useTranslation();
  return (
    <Row label={label} qa={qa}>
      {value ? (
        <>
          <span>{value}</span>
          <VerifiedIcon verified={verified} />
          {!verified && onVerify && (
            <Button variant="outline" size="sm" className="h-7" onClick={onVerify} disabled={pending} data-qa={`${qa}-verify`}>
              {pending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
              {verifyLabel ?? t('parents.details.verify')}
            </Button>
          )}
        </>
      ) : (
        <span className="text-muted-foreground">{t('parents.details.none')}</span>
      )}
      {note && (
        <span className="text-muted-foreground basis-full text-xs break-words" data-qa={`${qa}-note`}>
          {note}
        </span>
      )}
    </Row>
  );
}

/** A card of labelled rows with an h2 title (the two info cards). */
function InfoCard({ title, qa, children }: { title: string; qa: string; children: React.ReactNode }) {
  return (
    <Card data-qa={qa}>
      <CardHeader>
        <CardTitle>
          <h2>{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="divide-y">{children}</dl>
      </CardContent>
    </Card>
  );
}

export interface PersonalInfoCardProps {
  parent: ParentDetails;
  onVerifyEmail?: () => void;
  onVerifyPhone?: () => void;
  verifyingEmail?: boolean;
  verifyingPhone?: boolean;
}

/** Name and contact data with verified icons and verify actions (e-mail and primary phone). */
export function PersonalInfoCard({ parent, onVerifyEmail, onVerifyPhone, verifyingEmail, verifyingPhone }: PersonalInfoCardProps) {
  const { t } = useTranslation();
  return (
    <InfoCard title={t('parents.details.personalInfo')} qa="parent-personal-info">
      <Row label={t('parents.details.name')} qa="info-name">
        <span>{parent.name}</span>
        {parent.isAnonymous && <Badge variant="muted">{t('parents.details.anonymous')}</Badge>}
      </Row>
      <ContactRow
        label={t('parents.details.email')}
        value={parent.email}
        verified={parent.user.isEmailVerified}
        qa="info-email"
        onVerify={onVerifyEmail}
        verifyLabel={t('parents.details.verifyEmail')}
        pending={verifyingEmail}
        note={parent.pendingEmail ? t('parents.details.pendingEmail', { email: parent.pendingEmail }) : null}
      />
      {parent.secondaryEmail && (
        <ContactRow label={t('parents.details.secondaryEmail')} value={parent.secondaryEmail} verified={parent.user.isEmailSecondaryVerified} qa="info-secondary-email" />
      )}
      <ContactRow
        label={t('parents.details.primaryPhone')}
        value={parent.primaryPhoneNumber && formatPhone(parent.primaryPhoneNumber)}
        verified={parent.user.isPrimaryPhoneVerified}
        qa="info-phone"
        onVerify={onVerifyPhone}
        verifyLabel={t('parents.details.verifyPhone')}
        pending={verifyingPhone}
      />
      {parent.secondaryPhoneNumber && (
        <ContactRow label={t('parents.details.secondaryPhone')} value={formatPhone(parent.secondaryPhoneNumber)} verified={parent.user.isSecondaryPhoneVerified} qa="info-secondary-phone" />
      )}
    </InfoCard>
  );
}

export interface AccountInfoCardProps {
  parent: ParentDetails;
  /** Staff reset the family's credits (DELETE parents/{id}/reset-credits). */
  onResetCredits?: () => void;
}

/** Credits, Kita, preferred communication, language, account state and 'registered' badge. */
export function AccountInfoCard({ parent, onResetCredits }: AccountInfoCardProps) {
  const { t } = useTranslation();
  return (
    <InfoCard title={t('parents.details.accountInfo')} qa="parent-account-info">
      <Row label={t('parents.details.credits')} qa="info-credits">
        <span className="text-base font-semibold tabular-nums">{parent.credits}</span>
        {onResetCredits && (
          <Button variant="outline" size="sm" className="h-7" onClick={onResetCredits} data-qa="reset-credits">
            <RotateCcwIcon aria-hidden="true" />
            {t('parents.details.resetCredits')}
          </Button>
        )}
      </Row>
      <Row label={t('parents.details.kita')} qa="info-kita">
        {parent.kitaName}
      </Row>
      <Row label={t('parents.details.preferredCommunication')} qa="info-communication">
        {communicationLabel(t, parent.preferredCommunication)}
      </Row>
      <Row label={t('parents.details.language')} qa="info-language">
        {LANGUAGE_NAMES[parent.language]}
      </Row>
      <Row label={t('parents.details.account')} qa="info-account">
        <AccountStatusBadge status={parent.accountStatus} />
        {parent.status === 'registered' && (
          <Badge variant="outline" data-qa="badge-registered">
            {t('parents.status.registered')}
          </Badge>
        )}
        {parent.status === 'rejected' && (
          <Badge variant="destructive" data-qa="badge-rejected">
            {t('parents.status.rejected')}
          </Badge>
        )}
      </Row>
    </InfoCard>
  );
}
