import { Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { serviceReportsApi } from '../../../contract/api/service-reports';
import { useApiQuery } from '../../data/api/use-api';
import { useLiftOptions } from '../../data/lookups/use-lift-options';
import { usePendingChanges } from '../../data/mirror/pending-overlay';
import { FilterSelect } from '../../ui/FilterSelect';
import { FormField } from '../../ui/FormField';
import { LoadFailure, Loading } from '../../ui/LoadFailure';
import { PageTitle } from '../../ui/PageTitle';
import { Pagination } from '../../ui/Pagination';
import { ReportCard } from './ReportCard';

const PAGE_SIZE = 20;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `/apps/reports`: the service reports of the lifts the user sees (admins: all), newest first,
 * filtered by lift, service man and the days they were signed (docs/service-reports.md).
 */
export function ServiceReportsPage() {
  const { t } = useLingui();
  const lifts = useLiftOptions();
  const pending = usePendingChanges();
  const [liftId, setLiftId] = useState('');
  const [authorId, setAuthorId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const query = {
    page: String(page),
    pageSize: String(PAGE_SIZE),
    ...(liftId ? { liftId } : {}),
    ...(authorId ? { authorId } : {}),
    ...(DAY.test(from) ? { from } : {}),
    ...(DAY.test(to) ? { to } : {}),
  };
  const list = useApiQuery(serviceReportsApi.list, { query });
  const filtered =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  const reports = list.data?.reports ?? [];
  return (
    <Stack gap="4">
      <PageTitle title={t`Service reports`} />
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
        <FilterSelect
          id="reports-lift"
          label={t`Lift`}
          value={liftId}
          onChange={filtered(setLiftId)}
          options={[
            ['', t`All lifts`],
            ...lifts.map((lift): [string, string] => [lift.id, `${lift.uid} · ${lift.address}`]),
          ]}
        />
        <FilterSelect
          id="reports-author"
          label={t`Service man`}
          value={authorId}
          onChange={filtered(setAuthorId)}
          options={[
            ['', t`Everyone`],
            ...(list.data?.authors ?? []).map((author): [string, string] => [author.id, author.name]),
          ]}
        />
        <FormField id="reports-from" label={t`Signed from`}>
          <Input
            size="sm"
            type="date"
            value={from}
            onChange={(event) => filtered(setFrom)(event.target.value)}
          />
        </FormField>
        <FormField id="reports-to" label={t`Signed until`}>
          <Input size="sm" type="date" value={to} onChange={(event) => filtered(setTo)(event.target.value)} />
        </FormField>
      </SimpleGrid>
      <LoadFailure error={list.status === 'failed' ? list.error : null} />
      {!list.data && list.status === 'loading' && <Loading />}
      <Stack gap="3" aria-live="polite" aria-busy={list.status === 'loading'}>
        {list.data && reports.length === 0 && (
          <Text color="fg.muted">
            <Trans>No service report matches.</Trans>
          </Text>
        )}
        {reports.map((report) => (
          <ReportCard
            key={report.id}
            report={report}
            lift={report.liftUid}
            waiting={pending.find((entry) => entry.entity === 'report' && entry.entityId === report.id)}
          />
        ))}
      </Stack>
      {list.data && <Pagination page={page} pageSize={PAGE_SIZE} count={list.data.count} onPage={setPage} />}
    </Stack>
  );
}
