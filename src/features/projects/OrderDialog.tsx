import { Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { Project } from '../../../contract/schemas/project';
import { companyTerms, DEFAULT_SETTINGS } from '../../../contract/settings';
import { AppDialog } from '../../ui/AppDialog';
import { Checkbox } from '../../ui/Checkbox';
import { OfferSummary } from './OfferSummary';
import { formatDay } from './project-labels';

/**
 * Asks before the customer orders: the offer (number, day, validity), its items and sums, the
 * payment terms, and a checkbox that accepts them. Ordering is binding; nothing goes without it.
 */
export function OrderDialog({
  open,
  project,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  project: Project;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const [accepted, setAccepted] = useState(false);
  const checkboxId = useId();
  const { offer } = project;
  const terms = offer?.terms ?? project.currentTerms ?? companyTerms(DEFAULT_SETTINGS);
  const close = () => {
    setAccepted(false);
    onClose();
  };
  return (
    <AppDialog
      open={open}
      onClose={close}
      title={t`Accept the offer and order?`}
      footer={
        <>
          <Button variant="outline" onClick={close}>
            <Trans>Cancel</Trans>
          </Button>
          <Button colorPalette="green" onClick={onConfirm} loading={busy} disabled={!accepted}>
            <Trans>Order with obligation to pay</Trans>
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Text fontWeight="semibold">{project.project.name}</Text>
        {offer && (
          <Text fontSize="sm" color="fg.muted">
            <Trans>
              Offer {offer.number} of {formatDay(offer.at, i18n.locale)}
            </Trans>
            {offer.validUntil && (
              <>
                {' · '}
                <Trans>valid until {formatDay(offer.validUntil, i18n.locale)}</Trans>
              </>
            )}
          </Text>
        )}
        <OfferSummary items={project.project.items} terms={terms} />
        <HStack align="flex-start" gap="2">
          <Checkbox
            id={checkboxId}
            checked={accepted}
            style={{ marginTop: '0.2rem', flexShrink: 0 }}
            onChange={(event) => setAccepted(event.target.checked)}
          />
          <chakra.label htmlFor={checkboxId} fontSize="sm">
            <Trans>I accept the offer with its terms of payment and order it with obligation to pay.</Trans>
          </chakra.label>
        </HStack>
      </Stack>
    </AppDialog>
  );
}
