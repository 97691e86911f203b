import { Button, HStack, Text } from '@chakra-ui/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight } from 'lucide-react';

/**
 * Previous/next with "Page x of y · n entries"; with `countCapped` the list holds more than `count`
 * (the server stopped counting there): "Page x · more than n entries", and next stays open.
 */
export function Pagination({
  page,
  pageSize,
  count,
  countCapped = false,
  onPage,
}: {
  page: number;
  pageSize: number;
  count: number;
  countCapped?: boolean;
  onPage: (page: number) => void;
}) {
  const { t, i18n } = useLingui();
  const pageCount = countCapped ? Number.POSITIVE_INFINITY : Math.max(1, Math.ceil(count / pageSize));
  const atLeast = i18n.number(count);
  return (
    <HStack as="nav" aria-label={t`Pagination`} justify="space-between" wrap="wrap" gap="2">
      <Text fontSize="sm" color="fg.muted">
        {countCapped ? (
          <>
            <Trans>Page {page}</Trans> · <Trans>more than {atLeast} entries</Trans>
          </>
        ) : (
          <>
            <Trans>
              Page {page} of {pageCount}
            </Trans>{' '}
            · <Plural value={count} one="# entry" other="# entries" />
          </>
        )}
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
