import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Folder as FolderIcon, Plus } from 'lucide-react';
import type { Folder } from '../../../contract/schemas/tableau';

/** The folders of the library page, the chosen one marked, with "New folder" above them. */
export function FolderNav({
  folders,
  selectedId,
  onChoose,
  onNew,
}: {
  folders: Folder[];
  selectedId: string | null;
  onChoose: (id: string) => void;
  onNew: () => void;
}) {
  const { t } = useLingui();
  return (
    <Stack gap="2" as="nav" aria-label={t`Folders`}>
      <Button size="sm" onClick={onNew}>
        <Plus /> <Trans>New folder</Trans>
      </Button>
      {folders.length === 0 && (
        <Text color="fg.muted" fontSize="sm">
          <Trans>No folders yet.</Trans>
        </Text>
      )}
      {folders.map((item) => (
        <Button
          key={item.id}
          variant={item.id === selectedId ? 'subtle' : 'ghost'}
          justifyContent="space-between"
          aria-current={item.id === selectedId ? 'true' : undefined}
          onClick={() => onChoose(item.id)}
        >
          <HStack gap="2" minWidth="0">
            <FolderIcon />
            <Text truncate>{item.name}</Text>
          </HStack>
          <Badge variant="outline">{item.subfolderCount}</Badge>
        </Button>
      ))}
    </Stack>
  );
}
