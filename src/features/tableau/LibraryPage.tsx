import { Box, Button, Grid, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { MSG } from '../../../contract/messages';
import type { Folder, Subfolder } from '../../../contract/schemas/tableau';
import { translateServerMessage } from '../../data/i18n/server-messages';
import { ConfirmDialog } from '../../ui/AppDialog';
import { reportSaveError, useWarnOnLoadFailure } from '../../ui/form-errors';
import { LoadFailure, Loading } from '../../ui/LoadFailure';
import { PageTitle } from '../../ui/PageTitle';
import { showToast } from '../../ui/toaster';
import { ArticleDialog } from './ArticleDialog';
import { ArticleTable } from './ArticleTable';
import { FolderDialog } from './FolderDialog';
import { FolderNav } from './FolderNav';
import { formatEuro } from './format-euro';
import { ResourceGrid } from './ResourceGrid';
import { type LibraryScope, useLibrary } from './use-library';

type Deleting = { kind: 'folder'; folder: Folder } | { kind: 'article'; article: Subfolder };

/** `/apps/tableau/public` and `/apps/tableau/private`: folders, their articles and each article's images. */
export function LibraryPage({ scope }: { scope: LibraryScope }) {
  // The other scope is another library: nothing chosen or typed carries over.
  return <Library key={scope} scope={scope} />;
}

function Library({ scope }: { scope: LibraryScope }) {
  const { t, i18n } = useLingui();
  const library = useLibrary(scope);
  const { folders, articlesQuery, folder, searching, selectedArticle } = library;
  const [folderDialog, setFolderDialog] = useState<{ folder: Folder | null } | null>(null);
  const [articleDialog, setArticleDialog] = useState<{ article: Subfolder | null } | null>(null);
  const [confirm, setConfirm] = useState<Deleting | null>(null);
  const foldersFailure = folders.status === 'failed' ? folders.error : null;
  const articlesFailure = articlesQuery.status === 'failed' ? articlesQuery.error : null;
  useWarnOnLoadFailure(library.own ? foldersFailure : null);
  useWarnOnLoadFailure(articlesFailure);

  async function confirmDelete() {
    if (!confirm) return;
    try {
      if (confirm.kind === 'folder') await library.deleteFolder(confirm.folder);
      else await library.deleteArticle(confirm.article);
      showToast('success', translateServerMessage(i18n, MSG.deleted));
    } catch (error) {
      reportSaveError(error, i18n);
    }
    setConfirm(null);
  }

  const title = scope === 'public' ? t`Folders` : t`My folders`;
  if (!library.own) return foldersFailure ? <LoadFailure error={foldersFailure} /> : <Loading />;
  const { articles } = library;

  return (
    <Box>
      <PageTitle title={title} />
      <Grid templateColumns={{ base: '1fr', lg: '260px 1fr' }} gap="6">
        <FolderNav
          folders={library.own}
          selectedId={library.selectedFolder}
          onChoose={library.chooseFolder}
          onNew={() => setFolderDialog({ folder: null })}
        />

        <Stack gap="4" minWidth="0">
          <HStack gap="2" wrap="wrap">
            <Input
              maxWidth="320px"
              type="search"
              placeholder={t`Search names and article numbers`}
              aria-label={t`Search names and article numbers`}
              value={library.search}
              onChange={(event) => library.setSearch(event.target.value)}
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
            articlesFailure ? (
              <LoadFailure error={articlesFailure} />
            ) : (
              <Loading />
            )
          ) : articles.length === 0 ? (
            <Text color="fg.muted">
              {searching ? <Trans>No articles match.</Trans> : <Trans>No articles in this folder yet.</Trans>}
            </Text>
          ) : (
            <ArticleTable
              articles={articles}
              searching={searching}
              selectedId={selectedArticle?.id ?? null}
              folderName={library.folderName}
              onSelect={library.setSelectedArticle}
              onEdit={(article) => setArticleDialog({ article })}
              onDelete={(article) => setConfirm({ kind: 'article', article })}
            />
          )}

          {selectedArticle && (
            <Stack gap="2" as="section" aria-label={t`Images of ${selectedArticle.name}`}>
              <Text fontWeight="semibold">
                <Trans>
                  Images of {selectedArticle.name} ({selectedArticle.number},{' '}
                  {formatEuro(selectedArticle.price, i18n.locale)})
                </Trans>
              </Text>
              <ResourceGrid
                key={selectedArticle.id}
                article={selectedArticle}
                onChanged={articlesQuery.reload}
              />
            </Stack>
          )}
        </Stack>
      </Grid>

      {folderDialog && (
        <FolderDialog
          folder={folderDialog.folder}
          scope={scope}
          reloads={library.folderLists}
          onClose={() => setFolderDialog(null)}
          onSaved={(saved) => {
            setFolderDialog(null);
            library.folderSaved(saved);
          }}
        />
      )}
      {articleDialog && (
        <ArticleDialog
          article={articleDialog.article}
          folderId={library.selectedFolder ?? library.own[0]?.id ?? ''}
          folders={library.allFolders}
          reloads={[articlesQuery, ...library.folderLists]}
          onClose={() => setArticleDialog(null)}
          onSaved={(saved) => {
            setArticleDialog(null);
            library.setSelectedArticle(saved);
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
