import { Button, HStack } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { Trash2 } from 'lucide-react';

/** "Delete selected" of a list with row checkboxes; disabled while nothing is selected. */
export function DeleteSelectedButton({
  selectedCount,
  onClick,
}: {
  selectedCount: number;
  onClick: () => void;
}) {
  return (
    <Button variant="outline" colorPalette="red" disabled={selectedCount === 0} onClick={onClick}>
      <Trash2 aria-hidden="true" />
      <Trans>Delete selected</Trans>
    </Button>
  );
}

/**
 * The Cancel and Save buttons at the foot of a form; Save submits it. In a dialog's footer, outside
 * the form, `form` names the form Save submits.
 */
export function FormActions({
  onCancel,
  saving,
  form,
}: {
  onCancel: () => void;
  saving: boolean;
  form?: string;
}) {
  return (
    <HStack justify="flex-end" gap="2">
      <Button variant="outline" onClick={onCancel}>
        <Trans>Cancel</Trans>
      </Button>
      <Button type="submit" form={form} loading={saving}>
        <Trans>Save</Trans>
      </Button>
    </HStack>
  );
}
