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
 * The top-up on offer ("500MB for 35 euro" by default): mails the request to TOPUP_RECIPIENTS (docs/sims.md).
 * It costs money, so the button first shows what will be ordered and asks; a second request for the
 * card within a day asks again, naming the first. Without recipients the button is off and says why.
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
  const [asking, setAsking] = useState(false);
  const [earlier, setEarlier] = useState<string | null>(null);
  const offer = useTopupOfferText(topupOffer);
  const label = t`Top up: ${offer}`;

  async function request(confirm: boolean) {
    setBusy(true);
    try {
      const answer = await simOperation('requestTopup', token, iccid, confirm ? { confirm } : {});
      showToast('success', translateServerMessage(i18n, answer.message));
      setAsking(false);
      setEarlier(null);
      onRequested?.();
    } catch (error) {
      if (refused(error)) return;
      if (isApiRequestError(error) && error.status === 409) {
        const current = error.body.current as { requestedAt?: string } | undefined;
        setAsking(false);
        setEarlier(current?.requestedAt ?? new Date().toISOString());
        return;
      }
      reportSaveError(error, i18n);
    } finally {
      setBusy(false);
    }
  }

  const off = t`Top-ups cannot be ordered yet: nobody is set to receive the orders. Your system administrator sets the recipients of top-up orders.`;
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
        onClick={() => setAsking(true)}
      >
        {label}
      </Button>
      {!configured && (
        <Text fontSize="xs" color="fg.muted" maxWidth="xs">
          {off}
        </Text>
      )}
      <ConfirmDialog
        open={asking}
        title={t`Order a top-up?`}
        message={t`For card ${iccid}: ${offer}. The order is sent by e-mail and will be billed.`}
        confirmLabel={t`Order: ${offer}`}
        busy={busy}
        onConfirm={() => void request(false)}
        onClose={() => setAsking(false)}
      />
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
