import { Box, Button, HStack, IconButton, Table } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Pencil, Trash2 } from 'lucide-react';
import type { Subfolder } from '../../../contract/schemas/tableau';
import { formatEuro } from './format-euro';

/** The articles of a folder or of a search (with their folder's name), each with edit and delete. */
export function ArticleTable({
  articles,
  searching,
  selectedId,
  folderName,
  onSelect,
  onEdit,
  onDelete,
}: {
  articles: Subfolder[];
  searching: boolean;
  selectedId: string | null;
  folderName: (id: string) => string;
  onSelect: (article: Subfolder) => void;
  onEdit: (article: Subfolder) => void;
  onDelete: (article: Subfolder) => void;
}) {
  const { t, i18n } = useLingui();
  return (
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
              data-selected={article.id === selectedId ? '' : undefined}
              bg={article.id === selectedId ? 'bg.muted' : undefined}
            >
              <Table.Cell fontFamily="mono">{article.number}</Table.Cell>
              <Table.Cell>
                <Button variant="plain" size="sm" padding="0" onClick={() => onSelect(article)}>
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
                    onClick={() => onEdit(article)}
                  >
                    <Pencil />
                  </IconButton>
                  <IconButton
                    size="xs"
                    variant="ghost"
                    colorPalette="red"
                    aria-label={t`Delete ${article.name}`}
                    onClick={() => onDelete(article)}
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
  );
}
