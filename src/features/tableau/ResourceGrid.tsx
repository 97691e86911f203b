import { Box, Button, Grid, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Trash2, Upload } from 'lucide-react';
import { type DragEvent, useRef, useState } from 'react';
import { tableauApi } from '../../../contract/api/tableau';
import type { Resource, Subfolder } from '../../../contract/schemas/tableau';
import { useApiQuery } from '../../data/api/use-api';
import { useApiMutation } from '../../data/api/use-api-mutation';
import { reportSaveError, useWarnOnLoadFailure } from '../../ui/form-errors';
import { LoadFailure, Loading } from '../../ui/LoadFailure';
import { showToast } from '../../ui/toaster';
import { PartImage } from './part-images';

/**
 * The part images of an article as a grid, with an upload of several at once by drag or by
 * choice. `onChanged` reloads what counts them (the article list).
 */
export function ResourceGrid({ article, onChanged }: { article: Subfolder; onChanged: () => void }) {
  const { t, i18n } = useLingui();
  const resources = useApiQuery(tableauApi.resourcesBySubfolder, { query: { subfolderId: article.id } });
  useWarnOnLoadFailure(resources.status === 'failed' ? resources.error : null);
  const stale = [resources, { reload: onChanged }];
  const register = useApiMutation(tableauApi.registerResource);
  const remove = useApiMutation(tableauApi.deleteResources, { reloads: stale });
  const [uploading, setUploading] = useState(false);
  const [dragOver, setDragOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function upload(files: File[]) {
    if (files.length === 0) return;
    setUploading(true);
    let stored = 0;
    for (const file of files) {
      const form = new FormData();
      form.set('subfolderId', article.id);
      form.set('file', file);
      try {
        await register.mutate({ body: form });
        stored += 1;
      } catch (error) {
        reportSaveError(error, i18n);
      }
    }
    setUploading(false);
    if (stored > 0) showToast('success', t`${stored} images uploaded`);
    for (const list of stale) list.reload();
  }

  async function removeResource(resource: Resource) {
    try {
      await remove.mutate({ body: { ids: [resource.id] } });
    } catch (error) {
      reportSaveError(error, i18n);
    }
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragOver(false);
    void upload([...event.dataTransfer.files]);
  };

  const shown = resources.data?.resources ?? null;
  return (
    <Stack gap="3">
      <Box
        data-testid="resource-dropzone"
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={dragOver ? 'blue.500' : 'border'}
        borderRadius="md"
        padding="4"
        textAlign="center"
        onDragOver={(event) => {
          event.preventDefault();
          setDragOver(true);
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={onDrop}
      >
        <Text fontSize="sm" color="fg.muted" marginBottom="2">
          <Trans>Drop part images here (JPEG, PNG or GIF), several at once</Trans>
        </Text>
        <Button size="sm" variant="outline" loading={uploading} onClick={() => input.current?.click()}>
          <Upload /> <Trans>Choose images</Trans>
        </Button>
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/gif"
          multiple
          hidden
          aria-label={t`Choose images`}
          onChange={(event) => {
            void upload([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </Box>
      {shown === null ? (
        resources.status === 'failed' ? (
          <LoadFailure error={resources.error} />
        ) : (
          <Loading />
        )
      ) : shown.length === 0 ? (
        <Text color="fg.muted">
          <Trans>No images yet.</Trans>
        </Text>
      ) : (
        <Grid templateColumns="repeat(auto-fill, minmax(120px, 1fr))" gap="3" as="ul" listStyleType="none">
          {shown.map((resource) => (
            <Box
              as="li"
              key={resource.id}
              borderWidth="1px"
              borderRadius="md"
              padding="2"
              data-testid="resource-card"
            >
              <PartImage
                url={resource.thumbnailUrl}
                alt={resource.name}
                height="96px"
                width="100%"
                objectFit="contain"
              />
              <Text fontSize="xs" truncate title={resource.name}>
                {resource.name}
              </Text>
              <HStack justify="space-between">
                <Text fontSize="xs" color="fg.muted">
                  {resource.widthMm} × {resource.heightMm} mm
                </Text>
                <IconButton
                  size="2xs"
                  variant="ghost"
                  aria-label={t`Delete ${resource.name}`}
                  onClick={() => void removeResource(resource)}
                >
                  <Trash2 />
                </IconButton>
              </HStack>
            </Box>
          ))}
        </Grid>
      )}
    </Stack>
  );
}
