import { Button, chakra, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { RotateCcw, Send } from 'lucide-react';
import { useState } from 'react';
import { SIM_SMS_MAX_LENGTH } from '../../../contract/schemas/sim';
import { translateServerMessage } from '../../data/i18n/server-messages';
import { ConfirmDialog } from '../../ui/AppDialog';
import { reportSaveError } from '../../ui/form-errors';
import { showToast } from '../../ui/toaster';
import { Section } from './SimSection';
import { simOperation } from './sim-session';

/** A connectivity reset (asked first) and an SMS to the controller; `onDone` reloads the card's events. */
export function SimControllerSection({
  iccid,
  token,
  refused,
  onDone,
}: {
  iccid: string;
  token: string;
  refused: (error: unknown) => boolean;
  onDone: () => void;
}) {
  const { t, i18n } = useLingui();
  const [confirmReset, setConfirmReset] = useState(false);
  const [busy, setBusy] = useState<'reset' | 'sms' | null>(null);
  const [sms, setSms] = useState('');

  async function run(kind: 'reset' | 'sms') {
    setBusy(kind);
    try {
      const answer = await simOperation(kind, token, iccid, kind === 'sms' ? { payload: sms.trim() } : {});
      showToast('success', translateServerMessage(i18n, answer.message));
      if (kind === 'sms') setSms('');
      setConfirmReset(false);
      onDone();
    } catch (error) {
      if (!refused(error)) reportSaveError(error, i18n);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Section title={<Trans>Controller</Trans>}>
      <Stack gap="4">
        <HStack gap="3" wrap="wrap">
          <Button variant="outline" colorPalette="red" onClick={() => setConfirmReset(true)}>
            <RotateCcw aria-hidden="true" />
            <Trans>Connectivity reset</Trans>
          </Button>
        </HStack>
        <chakra.form
          onSubmit={(event) => {
            event.preventDefault();
            if (sms.trim()) void run('sms');
          }}
        >
          <Stack gap="2">
            <chakra.label htmlFor="sim-sms" fontWeight="medium">
              <Trans>SMS to the controller</Trans>
            </chakra.label>
            <HStack gap="2" align="flex-start" wrap="wrap">
              <Input
                id="sim-sms"
                value={sms}
                maxLength={SIM_SMS_MAX_LENGTH}
                onChange={(event) => setSms(event.target.value)}
                flex="1"
                minWidth="48"
              />
              <Button type="submit" loading={busy === 'sms'} disabled={!sms.trim()}>
                <Send aria-hidden="true" />
                <Trans>Send SMS</Trans>
              </Button>
            </HStack>
            <Text fontSize="xs" color="fg.muted">
              <Trans>
                {sms.length} of {SIM_SMS_MAX_LENGTH} characters
              </Trans>
            </Text>
          </Stack>
        </chakra.form>
      </Stack>
      <ConfirmDialog
        open={confirmReset}
        title={t`Connectivity reset`}
        message={t`Reset the connectivity of SIM ${iccid}? The controller goes offline for a moment and then reconnects.`}
        confirmLabel={t`Reset connectivity`}
        busy={busy === 'reset'}
        onConfirm={() => void run('reset')}
        onClose={() => setConfirmReset(false)}
      />
    </Section>
  );
}
