import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import type { Resource, Subfolder } from '../../../contract/schemas/tableau';
import { MIME_RESOURCE } from './editor-elements';
import { PartImage } from './part-images';

/** The library beside the panel: articles with their part images, dragged (or added) onto the panel. */
export function EditorPalette({
  articles,
  resources,
  onAdd,
}: {
  articles: Subfolder[];
  resources: Resource[];
  onAdd: (resource: Resource) => void;
}) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const shown = articles.filter(
    (article) =>
      !needle || article.name.toLowerCase().includes(needle) || article.number.toLowerCase().includes(needle),
  );
  const byArticle = useMemo(() => {
    const map = new Map<string, Resource[]>();
    for (const resource of resources)
      map.set(resource.subfolderId, [...(map.get(resource.subfolderId) ?? []), resource]);
    return map;
  }, [resources]);
  return (
    <Stack gap="2" as="section" aria-label={t`Library`}>
      <Input
        size="sm"
        type="search"
        placeholder={t`Search names and article numbers`}
        aria-label={t`Search names and article numbers`}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <Stack gap="2" maxHeight={{ base: '240px', lg: '70vh' }} overflowY="auto" as="ul" listStyleType="none">
        {shown.map((article) =>
          (byArticle.get(article.id) ?? []).map((resource) => (
            <HStack
              as="li"
              key={resource.id}
              gap="2"
              borderWidth="1px"
              borderRadius="md"
              padding="1"
              draggable
              data-testid="palette-item"
              onDragStart={(event) => {
                event.dataTransfer.setData(MIME_RESOURCE, resource.id);
                event.dataTransfer.effectAllowed = 'copy';
              }}
            >
              <PartImage url={resource.thumbnailUrl} alt="" width="40px" height="40px" objectFit="contain" />
              <Stack gap="0" flex="1" minWidth="0">
                <Text fontSize="xs" fontWeight="medium" truncate>
                  {article.name}
                </Text>
                <Text fontSize="2xs" color="fg.muted" fontFamily="mono">
                  {article.number}
                </Text>
              </Stack>
              <Button
                size="2xs"
                variant="outline"
                onClick={() => onAdd(resource)}
                aria-label={t`Add ${article.name}`}
              >
                <Trans>Add</Trans>
              </Button>
            </HStack>
          )),
        )}
      </Stack>
    </Stack>
  );
}
