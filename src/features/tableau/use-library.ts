import { useEffect, useState } from 'react';
import { tableauApi } from '../../../contract/api/tableau';
import type { Folder, Subfolder } from '../../../contract/schemas/tableau';
import { useApiQuery } from '../../data/api/use-api';
import { useApiMutation } from '../../data/api/use-api-mutation';

export type LibraryScope = 'public' | 'private';

/** Typing pauses this long before a search is sent. */
const SEARCH_DELAY_MS = 250;

/** `value` once it has stood still for `ms`. */
function useSettledValue(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The library of one scope (docs/tableau.md): its folders, the one chosen (the first unless
 * another was), the articles of that folder or of a search over the scope's folders, the article
 * whose images are shown, and the deletes. Writes reload the lists they change.
 */
export function useLibrary(scope: LibraryScope) {
  const folders = useApiQuery(tableauApi.folders, { query: { scope } });
  // Every folder the admin sees: an article may move to one of the other scope.
  const allFolders = useApiQuery(tableauApi.folders, { query: {} });
  const [chosenFolder, setChosenFolder] = useState<string | null>(null);
  const [search, setSearchText] = useState('');
  const [selectedArticle, setSelectedArticle] = useState<Subfolder | null>(null);

  const own = folders.data?.folders ?? null;
  const selectedFolder =
    own === null
      ? null
      : chosenFolder !== null && own.some((folder) => folder.id === chosenFolder)
        ? chosenFolder
        : (own[0]?.id ?? null);
  const searching = search.trim().length > 0;
  const term = useSettledValue(search.trim(), searching ? SEARCH_DELAY_MS : 0);
  const articlesQuery = useApiQuery(
    tableauApi.subfolders,
    own === null
      ? null
      : searching && term
        ? { query: { search: term } }
        : selectedFolder
          ? { query: { folderId: selectedFolder } }
          : null,
  );
  // A search covers the folders of this page only; without a folder there is nothing to show.
  const shown = new Set((own ?? []).map((folder) => folder.id));
  const articles =
    own === null
      ? null
      : !searching && !selectedFolder
        ? []
        : (articlesQuery.data?.subfolders.filter((article) => shown.has(article.folderId)) ?? null);

  const folderLists = [folders, allFolders];
  const removeFolder = useApiMutation(tableauApi.removeFolder, { reloads: folderLists });
  const removeArticle = useApiMutation(tableauApi.deleteSubfolders, {
    reloads: [articlesQuery, ...folderLists],
  });

  return {
    folders,
    own,
    allFolders: allFolders.data?.folders ?? [],
    folderLists,
    folder: own?.find((item) => item.id === selectedFolder) ?? null,
    selectedFolder,
    chooseFolder: (id: string) => {
      setSearchText('');
      setSelectedArticle(null);
      setChosenFolder(id);
    },
    search,
    searching,
    setSearch: setSearchText,
    articlesQuery,
    articles,
    selectedArticle,
    setSelectedArticle,
    folderName: (id: string) => allFolders.data?.folders.find((item) => item.id === id)?.name ?? '',
    /** A folder saved in a dialog: shown at once (the lists reload for its place and counts). */
    folderSaved: (saved: Folder) => {
      folders.setData((current) =>
        current
          ? { ...current, folders: [...current.folders.filter((item) => item.id !== saved.id), saved] }
          : current,
      );
      setChosenFolder(saved.id);
    },
    deleteFolder: async (folder: Folder) => {
      await removeFolder.mutate({ params: { id: folder.id } });
      folders.setData((current) =>
        current ? { ...current, folders: current.folders.filter((item) => item.id !== folder.id) } : current,
      );
      setChosenFolder(null);
    },
    deleteArticle: async (article: Subfolder) => {
      await removeArticle.mutate({ body: { ids: [article.id] } });
      setSelectedArticle(null);
    },
  };
}
