import { Button, HStack, Text } from '@chakra-ui/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight } from 'lucide-react';

/** Previous/next with "Page x of y · n entries". */
export function Pagination({
  page,
  pageSize,
  count,
  onPage,
}: {
  page: number;
  pageSize: number;
  count: number;
  onPage: (page: number) => void;
}) {
  const { t } = useLingui();
  const pageCount = Math.max(1, Math.ceil(count / pageSize));
  return (
    <HStack as="nav" aria-label={t`Pagination`} justify="space-between" wrap="wrap" gap="2">
      <Text fontSize="sm" color="fg.muted">
        <Trans>
          Page {page} of {pageCount}
        </Trans>{' '}
        · <Plural value={count} one="# entry" other="# entries" />
      </Text>
      <HStack gap="2">
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden="true" />
          <Trans>Previous</Trans>
        </Button>
        <Button size="sm" variant="outline" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
          <Trans>Next</Trans>
          <ChevronRight aria-hidden="true" />
        </Button>
      </HStack>
    </HStack>
  );
}
