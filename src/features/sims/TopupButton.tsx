import { Button, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { formatTopupOffer, type SimTopupOffer } from '../../../contract/schemas/sim';
import { isApiRequestError } from '../../data/api/api-error';
import { relativeTime } from '../../data/i18n/relative-time';
import { translateServerMessage } from '../../data/i18n/server-messages';
import { ConfirmDialog } from '../../ui/AppDialog';
import { reportSaveError } from '../../ui/form-errors';
import { showToast } from '../../ui/toaster';
import { simOperation } from './sim-session';

/** The offer in the user's language: "500 MB for 35 euros" (settings `sims.topUpDataMb`, `sims.topUpPriceCents`). */
export function useTopupOfferText(offer: SimTopupOffer): string {
  const { t, i18n } = useLingui();
  const { dataMb, price } = formatTopupOffer(i18n.locale, offer);
  return t`${dataMb} MB for ${price}`;
}

/**
 * The top-up on offer ("500MB for 35 euro" by default): mails the request to TOPUP_RECIPIENTS (docs/sims.md). A second request for
 * the card within a day asks first; without recipients the button is off and says why.
 */
export function TopupButton({
  iccid,
  token,
  configured,
  offer: topupOffer,
  refused,
  onRequested,
  size = 'sm',
}: {
  iccid: string;
  token: string;
  configured: boolean;
  offer: SimTopupOffer;
  refused: (error: unknown) => boolean;
  onRequested?: () => void;
  size?: 'xs' | 'sm' | 'md';
}) {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const [earlier, setEarlier] = useState<string | null>(null);
  const offer = useTopupOfferText(topupOffer);
  const label = t`Top up: ${offer}`;

  async function request(confirm: boolean) {
    setBusy(true);
    try {
      const answer = await simOperation('requestTopup', token, iccid, confirm ? { confirm } : {});
      showToast('success', translateServerMessage(i18n, answer.message));
      setEarlier(null);
      onRequested?.();
    } catch (error) {
      if (refused(error)) return;
      if (isApiRequestError(error) && error.status === 409) {
        const current = error.body.current as { requestedAt?: string } | undefined;
        setEarlier(current?.requestedAt ?? new Date().toISOString());
        return;
      }
      reportSaveError(error, i18n);
    } finally {
      setBusy(false);
    }
  }

  const off = t`Top-up requests are off: no recipients are configured (TOPUP_RECIPIENTS)`;
  const when = earlier ? relativeTime(i18n, earlier, new Date(), { past: true }) : '';
  return (
    <Stack gap="1" align="flex-start">
      <Button
        size={size}
        colorPalette="blue"
        variant="outline"
        loading={busy}
        disabled={!configured}
        title={configured ? undefined : off}
        aria-label={`${label} (${iccid})`}
        onClick={() => void request(false)}
      >
        {label}
      </Button>
      {!configured && (
        <Text fontSize="xs" color="fg.muted" maxWidth="xs">
          {off}
        </Text>
      )}
      <ConfirmDialog
        open={earlier !== null}
        title={t`Request another top-up?`}
        message={t`A top-up for this card was already requested ${when}. Request another one (${offer})?`}
        confirmLabel={t`Request again`}
        busy={busy}
        onConfirm={() => void request(true)}
        onClose={() => setEarlier(null)}
      />
    </Stack>
  );
}
