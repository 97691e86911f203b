import {
  Badge,
  Box,
  Button,
  Grid,
  HStack,
  IconButton,
  Input,
  Stack,
  Table,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { Folder as FolderIcon, Pencil, Plus, Trash2, Upload } from 'lucide-react';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { tableauApi } from '../../../contract/api/tableau';
import { MSG } from '../../../contract/messages';
import {
  type Folder,
  FolderInputSchema,
  type Resource,
  type Subfolder,
  SubfolderInputSchema,
} from '../../../contract/schemas/tableau';
import { call } from '../../data/http';
import { translateServerMessage } from '../../data/server-messages';
import { FormActions } from '../../ui/ActionButtons';
import { AppDialog, ConfirmDialog } from '../../ui/AppDialog';
import { FormField } from '../../ui/FormField';
import { reportSaveError } from '../../ui/form-errors';
import { LoadFailure, Loading } from '../../ui/LoadFailure';
import { PageTitle } from '../../ui/PageTitle';
import { SelectInput } from '../../ui/SelectInput';
import { showToast } from '../../ui/toaster';
import { PartImage } from './part-images';
import './tableau-messages';

type Scope = 'public' | 'private';

/** Euro amounts as the page's language writes them, from the server's decimal text (no float sums). */
export function formatEuro(decimal: string, locale: string): string {
  const [euros = '0', cents = '00'] = decimal.split('.');
  const separator = locale.startsWith('de') ? ',' : '.';
  const grouped = euros.replace(/\B(?=(\d{3})+(?!\d))/g, locale.startsWith('de') ? '.' : ',');
  return `${grouped}${separator}${cents} €`;
}

const FolderFormSchema = v.object({
  name: FolderInputSchema.entries.name,
  notes: FolderInputSchema.entries.notes,
});
type FolderForm = v.InferInput<typeof FolderFormSchema>;

function FolderDialog({
  folder,
  scope,
  onClose,
  onSaved,
}: {
  folder: Folder | null;
  scope: Scope;
  onClose: () => void;
  onSaved: (folder: Folder) => void;
}) {
  const { t, i18n } = useLingui();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FolderForm, unknown, v.InferOutput<typeof FolderFormSchema>>({
    resolver: valibotResolver(FolderFormSchema),
    defaultValues: { name: folder?.name ?? '', notes: folder?.notes ?? '' },
  });
  const message = (text: string | undefined) => (text ? translateServerMessage(i18n, text) : null);
  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = folder
        ? await call(tableauApi.updateFolder, { params: { id: folder.id }, body: values })
        : await call(tableauApi.registerFolder, { body: { ...values, isPublic: scope === 'public' } });
      onSaved(saved);
    } catch (error) {
      reportSaveError(error, i18n, setError);
    }
  });
  return (
    <AppDialog
      open
      onClose={onClose}
      title={folder ? t`Rename folder` : t`New folder`}
      footer={<FormActions onCancel={onClose} saving={isSubmitting} form="tableau-folder-form" />}
    >
      <form id="tableau-folder-form" onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <FormField id="folder-name" label={t`Name`} error={message(errors.name?.message)} required>
            <Input {...register('name')} />
          </FormField>
          <FormField id="folder-notes" label={t`Notes`} error={message(errors.notes?.message)}>
            <Textarea {...register('notes')} rows={3} />
          </FormField>
        </Stack>
      </form>
    </AppDialog>
  );
}

type ArticleForm = v.InferInput<typeof SubfolderInputSchema>;

function ArticleDialog({
  article,
  folderId,
  folders,
  onClose,
  onSaved,
}: {
  article: Subfolder | null;
  folderId: string;
  folders: Folder[];
  onClose: () => void;
  onSaved: (article: Subfolder) => void;
}) {
  const { t, i18n } = useLingui();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ArticleForm, unknown, v.InferOutput<typeof SubfolderInputSchema>>({
    resolver: valibotResolver(SubfolderInputSchema),
    defaultValues: {
      folderId: article?.folderId ?? folderId,
      name: article?.name ?? '',
      number: article?.number ?? '',
      price: article?.price ?? '',
    },
  });
  const message = (text: string | undefined) => (text ? translateServerMessage(i18n, text) : null);
  const onSubmit = handleSubmit(async (values) => {
    const body = {
      folderId: values.folderId,
      name: values.name,
      number: values.number,
      price: values.price ?? 0,
    };
    try {
      const saved = article
        ? await call(tableauApi.updateSubfolder, { params: { id: article.id }, body })
        : await call(tableauApi.registerSubfolder, { body });
      onSaved(saved);
    } catch (error) {
      reportSaveError(error, i18n, setError);
    }
  });
  return (
    <AppDialog
      open
      onClose={onClose}
      title={article ? t`Edit article` : t`New article`}
      footer={<FormActions onCancel={onClose} saving={isSubmitting} form="tableau-article-form" />}
    >
      <form id="tableau-article-form" onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <FormField id="article-name" label={t`Name`} error={message(errors.name?.message)} required>
            <Input {...register('name')} />
          </FormField>
          <FormField
            id="article-number"
            label={t`Article number`}
            error={message(errors.number?.message)}
            required
          >
            <Input {...register('number')} />
          </FormField>
          <FormField id="article-price" label={t`Price (EUR)`} error={message(errors.price?.message)}>
            <Input {...register('price')} inputMode="decimal" placeholder="12.50" />
          </FormField>
          <FormField id="article-folder" label={t`Folder`} error={message(errors.folderId?.message)}>
            <SelectInput
              {...register('folderId')}
              options={folders.map((folder) => ({ value: folder.id, label: folder.name }))}
            />
          </FormField>
        </Stack>
      </form>
    </AppDialog>
  );
}

/** The part images of an article as a grid, with an upload of several at once by drag or by choice. */
function ResourceGrid({ article, onChanged }: { article: Subfolder; onChanged: () => void }) {
  const { t, i18n } = useLingui();
  const [resources, setResources] = useState<Resource[] | null>(null);
  const [uploading, setUploading] = useState(false);
  const [dragOver, setDragOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const load = () =>
    call(tableauApi.resourcesBySubfolder, { query: { subfolderId: article.id } })
      .then((answer) => setResources(answer.resources))
      .catch((error: unknown) => reportSaveError(error, i18n));
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload when the article changes
  useEffect(() => {
    setResources(null);
    void load();
  }, [article.id]);

  async function upload(files: File[]) {
    if (files.length === 0) return;
    setUploading(true);
    let stored = 0;
    for (const file of files) {
      const form = new FormData();
      form.set('subfolderId', article.id);
      form.set('file', file);
      try {
        await call(tableauApi.registerResource, { body: form });
        stored += 1;
      } catch (error) {
        reportSaveError(error, i18n);
      }
    }
    setUploading(false);
    if (stored > 0) showToast('success', t`${stored} images uploaded`);
    await load();
    onChanged();
  }

  async function remove(resource: Resource) {
    try {
      await call(tableauApi.deleteResources, { body: { ids: [resource.id] } });
      await load();
      onChanged();
    } catch (error) {
      reportSaveError(error, i18n);
    }
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragOver(false);
    void upload([...event.dataTransfer.files]);
  };

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
      {resources === null ? (
        <Loading />
      ) : resources.length === 0 ? (
        <Text color="fg.muted">
          <Trans>No images yet.</Trans>
        </Text>
      ) : (
        <Grid templateColumns="repeat(auto-fill, minmax(120px, 1fr))" gap="3" as="ul" listStyleType="none">
          {resources.map((resource) => (
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
                  onClick={() => void remove(resource)}
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

/** `/apps/tableau/public` and `/apps/tableau/private`: folders, their articles and each article's images. */
export function LibraryPage({ scope }: { scope: Scope }) {
  const { t, i18n } = useLingui();
  const [folders, setFolders] = useState<Folder[] | null>(null);
  const [allFolders, setAllFolders] = useState<Folder[]>([]);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [selectedFolder, setSelectedFolder] = useState<string | null>(null);
  const [articles, setArticles] = useState<Subfolder[] | null>(null);
  const [selectedArticle, setSelectedArticle] = useState<Subfolder | null>(null);
  const [search, setSearch] = useState('');
  const [folderDialog, setFolderDialog] = useState<{ folder: Folder | null } | null>(null);
  const [articleDialog, setArticleDialog] = useState<{ article: Subfolder | null } | null>(null);
  const [confirm, setConfirm] = useState<
    { kind: 'folder'; folder: Folder } | { kind: 'article'; article: Subfolder } | null
  >(null);

  const loadFolders = async () => {
    try {
      const [own, all] = await Promise.all([
        call(tableauApi.folders, { query: { scope } }),
        call(tableauApi.folders, { query: {} }),
      ]);
      setFolders(own.folders);
      setAllFolders(all.folders);
      setSelectedFolder((current) =>
        current && own.folders.some((folder) => folder.id === current)
          ? current
          : (own.folders[0]?.id ?? null),
      );
    } catch (error) {
      setLoadError(error);
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload when the scope changes
  useEffect(() => {
    setFolders(null);
    setSelectedFolder(null);
    void loadFolders();
  }, [scope]);

  const searching = search.trim().length > 0;
  const loadArticles = async () => {
    if (!searching && !selectedFolder) {
      setArticles([]);
      return;
    }
    try {
      const answer = await call(tableauApi.subfolders, {
        query: searching ? { search: search.trim() } : { folderId: selectedFolder ?? undefined },
      });
      // A search covers the folders of this page only.
      const shown = new Set((folders ?? []).map((folder) => folder.id));
      setArticles(answer.subfolders.filter((article) => shown.has(article.folderId)));
    } catch (error) {
      reportSaveError(error, i18n);
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload on folder or search change
  useEffect(() => {
    const timer = setTimeout(() => void loadArticles(), searching ? 250 : 0);
    return () => clearTimeout(timer);
  }, [selectedFolder, search, folders]);

  async function confirmDelete() {
    if (!confirm) return;
    try {
      if (confirm.kind === 'folder') {
        await call(tableauApi.removeFolder, { params: { id: confirm.folder.id } });
        setSelectedFolder(null);
        await loadFolders();
      } else {
        await call(tableauApi.deleteSubfolders, { body: { ids: [confirm.article.id] } });
        setSelectedArticle(null);
        await Promise.all([loadArticles(), loadFolders()]);
      }
      showToast('success', translateServerMessage(i18n, MSG.deleted));
    } catch (error) {
      reportSaveError(error, i18n);
    }
    setConfirm(null);
  }

  const title = scope === 'public' ? t`Folders` : t`My folders`;
  if (loadError) return <LoadFailure error={loadError as never} />;
  if (!folders) return <Loading />;
  const folder = folders.find((item) => item.id === selectedFolder) ?? null;
  const folderName = (id: string) => allFolders.find((item) => item.id === id)?.name ?? '';

  return (
    <Box>
      <PageTitle title={title} />
      <Grid templateColumns={{ base: '1fr', lg: '260px 1fr' }} gap="6">
        <Stack gap="2" as="nav" aria-label={t`Folders`}>
          <Button size="sm" onClick={() => setFolderDialog({ folder: null })}>
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
              variant={item.id === selectedFolder ? 'subtle' : 'ghost'}
              justifyContent="space-between"
              aria-current={item.id === selectedFolder ? 'true' : undefined}
              onClick={() => {
                setSearch('');
                setSelectedArticle(null);
                setSelectedFolder(item.id);
              }}
            >
              <HStack gap="2" minWidth="0">
                <FolderIcon />
                <Text truncate>{item.name}</Text>
              </HStack>
              <Badge variant="outline">{item.subfolderCount}</Badge>
            </Button>
          ))}
        </Stack>

        <Stack gap="4" minWidth="0">
          <HStack gap="2" wrap="wrap">
            <Input
              maxWidth="320px"
              type="search"
              placeholder={t`Search names and article numbers`}
              aria-label={t`Search names and article numbers`}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
            {folder && !searching && (
              <>
                <Button size="sm" onClick={() => setArticleDialog({ article: null })}>
                  <Plus /> <Trans>New article</Trans>
                </Button>
                <Button size="sm" variant="outline" onClick={() => setFolderDialog({ folder })}>
                  <Pencil /> <Trans>Rename folder</Trans>
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  onClick={() => setConfirm({ kind: 'folder', folder })}
                >
                  <Trash2 /> <Trans>Delete folder</Trans>
                </Button>
              </>
            )}
          </HStack>
          {folder && !searching && folder.notes && <Text color="fg.muted">{folder.notes}</Text>}

          {articles === null ? (
            <Loading />
          ) : articles.length === 0 ? (
            <Text color="fg.muted">
              {searching ? <Trans>No articles match.</Trans> : <Trans>No articles in this folder yet.</Trans>}
            </Text>
          ) : (
            <Box overflowX="auto">
              <Table.Root size="sm" interactive>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>
                      <Trans>Article number</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader>
                      <Trans>Name</Trans>
                    </Table.ColumnHeader>
                    {searching && (
                      <Table.ColumnHeader>
                        <Trans>Folder</Trans>
                      </Table.ColumnHeader>
                    )}
                    <Table.ColumnHeader textAlign="end">
                      <Trans>Price</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">
                      <Trans>Images</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader>
                      <Trans>Actions</Trans>
                    </Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {articles.map((article) => (
                    <Table.Row
                      key={article.id}
                      data-selected={article.id === selectedArticle?.id ? '' : undefined}
                      bg={article.id === selectedArticle?.id ? 'bg.muted' : undefined}
                    >
                      <Table.Cell fontFamily="mono">{article.number}</Table.Cell>
                      <Table.Cell>
                        <Button
                          variant="plain"
                          size="sm"
                          padding="0"
                          onClick={() => setSelectedArticle(article)}
                        >
                          {article.name}
                        </Button>
                      </Table.Cell>
                      {searching && <Table.Cell>{folderName(article.folderId)}</Table.Cell>}
                      <Table.Cell textAlign="end">{formatEuro(article.price, i18n.locale)}</Table.Cell>
                      <Table.Cell textAlign="end">{article.resourceCount}</Table.Cell>
                      <Table.Cell>
                        <HStack gap="1">
                          <IconButton
                            size="xs"
                            variant="ghost"
                            aria-label={t`Edit ${article.name}`}
                            onClick={() => setArticleDialog({ article })}
                          >
                            <Pencil />
                          </IconButton>
                          <IconButton
                            size="xs"
                            variant="ghost"
                            colorPalette="red"
                            aria-label={t`Delete ${article.name}`}
                            onClick={() => setConfirm({ kind: 'article', article })}
                          >
                            <Trash2 />
                          </IconButton>
                        </HStack>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
          )}

          {selectedArticle && (
            <Stack gap="2" as="section" aria-label={t`Images of ${selectedArticle.name}`}>
              <Text fontWeight="semibold">
                <Trans>
                  Images of {selectedArticle.name} ({selectedArticle.number},{' '}
                  {formatEuro(selectedArticle.price, i18n.locale)})
                </Trans>
              </Text>
              <ResourceGrid article={selectedArticle} onChanged={() => void loadArticles()} />
            </Stack>
          )}
        </Stack>
      </Grid>

      {folderDialog && (
        <FolderDialog
          folder={folderDialog.folder}
          scope={scope}
          onClose={() => setFolderDialog(null)}
          onSaved={(saved) => {
            setFolderDialog(null);
            setSelectedFolder(saved.id);
            void loadFolders();
          }}
        />
      )}
      {articleDialog && (
        <ArticleDialog
          article={articleDialog.article}
          folderId={selectedFolder ?? folders[0]?.id ?? ''}
          folders={allFolders}
          onClose={() => setArticleDialog(null)}
          onSaved={(saved) => {
            setArticleDialog(null);
            setSelectedArticle(saved);
            void loadArticles();
            void loadFolders();
          }}
        />
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.kind === 'folder' ? t`Delete folder` : t`Delete article`}
        message={
          confirm?.kind === 'folder'
            ? t`Delete the folder ${confirm.folder.name}? A folder that still holds articles is kept.`
            : confirm?.kind === 'article'
              ? t`Delete the article ${confirm.article.name} with its images?`
              : ''
        }
        confirmLabel={t`Delete`}
        onConfirm={() => void confirmDelete()}
        onClose={() => setConfirm(null)}
      />
    </Box>
  );
}
