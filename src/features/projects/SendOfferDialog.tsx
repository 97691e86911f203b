import { Button, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Project, ProjectItem } from '../../../contract/schemas/project';
import { companyTerms, DEFAULT_SETTINGS } from '../../../contract/settings';
import { AppDialog } from '../../ui/AppDialog';
import { OfferSummary } from './OfferSummary';

/**
 * Asks before the offer goes out, showing what goes: to whom, the line items, net, VAT and gross,
 * validity and payment terms. Unsaved edits on the page are saved first, and said so; without
 * line items there is nothing to send.
 */
export function SendOfferDialog({
  open,
  project,
  items,
  unsaved,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  project: Project;
  /** The items as they will be sent: the page's draft, saved first when `unsaved`. */
  items: readonly ProjectItem[];
  unsaved: boolean;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const terms = project.currentTerms ?? companyTerms(DEFAULT_SETTINGS);
  const empty = items.length === 0;
  const recipient = project.userEmail
    ? `${project.userName ?? ''} <${project.userEmail}>`.trim()
    : (project.userName ?? '—');
  const days = terms.validityDays;
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={t`Send the offer?`}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={onConfirm} loading={busy} disabled={empty}>
            {unsaved ? <Trans>Save and send</Trans> : <Trans>Send the offer</Trans>}
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Text fontSize="sm">
          <Trans>
            To: <strong data-testid="offer-recipient">{recipient}</strong>
          </Trans>
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {project.offer ? (
            <Trans>
              Sent again as offer {project.offer.number}, valid for {days} days from today.
            </Trans>
          ) : (
            <Trans>The offer gets its number when it is sent and is valid for {days} days.</Trans>
          )}
        </Text>
        {unsaved && (
          <Text fontSize="sm" color="fg.warning" data-testid="offer-unsaved">
            <Trans>Your unsaved changes are saved first and sent as shown here.</Trans>
          </Text>
        )}
        {empty ? (
          <Text color="fg.error" role="alert">
            <Trans>The offer has no line items yet. Add them before sending it.</Trans>
          </Text>
        ) : (
          <OfferSummary items={items} terms={terms} />
        )}
      </Stack>
    </AppDialog>
  );
}
