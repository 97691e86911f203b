import { Box, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type * as v from 'valibot';
import { type Lift, type LiftInput, LiftInputSchema } from '../../../contract/schemas/lift';
import type { User } from '../../../contract/schemas/user';
import { useDirtyForm } from '../../data/dirty-forms';
import { translateServerMessage } from '../../data/i18n/server-messages';
import { FormActions } from '../../ui/ActionButtons';
import { Checkbox } from '../../ui/Checkbox';
import { FormField } from '../../ui/FormField';
import { reportSaveError } from '../../ui/form-errors';
import { BaseFieldSelect, LIFT_BASE_FIELD_NAMES } from './lift-base-fields';
import { fetchUsersByRole } from './lifts-api';

type FormValues = v.InferInput<typeof LiftInputSchema>;

function UserPicker({
  id,
  label,
  users,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  users: User[] | null;
  value: string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
  return (
    <Box
      as="fieldset"
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <Text as="legend" fontSize="sm" fontWeight="medium" marginBottom="1.5">
        {label}
      </Text>
      <Stack gap="1" maxHeight="40" overflowY="auto" borderWidth="1px" borderRadius="l2" padding="2">
        {users === null && (
          <Text fontSize="sm" color="fg.muted">
            <Trans>Loading…</Trans>
          </Text>
        )}
        {users?.length === 0 && (
          <Text fontSize="sm" color="fg.muted">
            <Trans>No users found.</Trans>
          </Text>
        )}
        {users?.map((user) => (
          <Box as="label" key={user.id} display="flex" alignItems="center" gap="2" fontSize="sm">
            <Checkbox
              checked={value.includes(user.id)}
              onChange={(event) =>
                onChange(event.target.checked ? [...value, user.id] : value.filter((v) => v !== user.id))
              }
            />
            {user.displayName}
          </Box>
        ))}
      </Stack>
      {error && (
        <Text id={`${id}-error`} fontSize="xs" color="fg.error" marginTop="1">
          {error}
        </Text>
      )}
    </Box>
  );
}

/** Create or edit a lift (admin). On edit, `lift` is the version the change is based on. */
export function LiftForm({
  lift,
  onSubmit,
  onCancel,
}: {
  lift?: Lift;
  onSubmit: (values: LiftInput) => Promise<void>;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const [customers, setCustomers] = useState<User[] | null>(null);
  const [servicemen, setServicemen] = useState<User[] | null>(null);
  useEffect(() => {
    fetchUsersByRole('customer')
      .then((page) => setCustomers(page.users))
      .catch(() => setCustomers([]));
    fetchUsersByRole('service_man')
      .then((page) => setServicemen(page.users))
      .catch(() => setServicemen([]));
  }, []);

  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<FormValues, unknown, LiftInput>({
    resolver: valibotResolver(LiftInputSchema),
    defaultValues: {
      uid: lift?.uid ?? '',
      address: lift?.address ?? '',
      imei: lift?.imei ?? '',
      iccid: lift?.iccid ?? null,
      customers: lift?.customers ?? [],
      servicemen: lift?.servicemen ?? [],
      maxTrips: lift?.maxTrips ?? 0,
      maxOperatingHours: lift?.maxOperatingHours ?? 0,
      manufacturer: lift?.manufacturer ?? null,
      driveType: lift?.driveType ?? null,
      doorType: lift?.doorType ?? null,
      buildingType: lift?.buildingType ?? null,
    },
  });
  useDirtyForm(isDirty);
  const message = (text: string | undefined) => (text ? translateServerMessage(i18n, text) : null);

  return (
    <form
      noValidate
      id="lift-form"
      onSubmit={handleSubmit(async (values) => {
        try {
          await onSubmit(values);
        } catch (error) {
          reportSaveError(error, i18n, setError);
        }
      })}
    >
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField id="lift-uid" label={t`ID`} error={message(errors.uid?.message)}>
            <Input {...register('uid')} autoComplete="off" />
          </FormField>
          <FormField id="lift-address" label={t`Address`} error={message(errors.address?.message)}>
            <Input {...register('address')} autoComplete="street-address" />
          </FormField>
          <FormField id="lift-imei" label={t`IMEI`} error={message(errors.imei?.message)}>
            <Input {...register('imei')} inputMode="numeric" autoComplete="off" />
          </FormField>
          <FormField id="lift-iccid" label={t`ICCID`} error={message(errors.iccid?.message)}>
            <Input
              {...register('iccid', {
                setValueAs: (value: string | null) => (value ? value.trim() || null : null),
              })}
              inputMode="numeric"
              autoComplete="off"
            />
          </FormField>
          <FormField id="lift-max-trips" label={t`Max trips`} error={message(errors.maxTrips?.message)}>
            <Input type="number" min={0} {...register('maxTrips', { valueAsNumber: true })} />
          </FormField>
          <FormField
            id="lift-max-hours"
            label={t`Max operating hours`}
            error={message(errors.maxOperatingHours?.message)}
          >
            <Input type="number" min={0} {...register('maxOperatingHours', { valueAsNumber: true })} />
          </FormField>
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {LIFT_BASE_FIELD_NAMES.map((name) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field }) => (
                <BaseFieldSelect
                  field={name}
                  value={field.value}
                  initial={lift?.[name]}
                  onChange={field.onChange}
                  error={message(errors[name]?.message)}
                />
              )}
            />
          ))}
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Controller
            control={control}
            name="customers"
            render={({ field }) => (
              <UserPicker
                id="lift-customers"
                label={t`Customers`}
                users={customers}
                value={field.value ?? []}
                onChange={field.onChange}
                error={message(errors.customers?.message) ?? undefined}
              />
            )}
          />
          <Controller
            control={control}
            name="servicemen"
            render={({ field }) => (
              <UserPicker
                id="lift-servicemen"
                label={t`Service men`}
                users={servicemen}
                value={field.value ?? []}
                onChange={field.onChange}
                error={message(errors.servicemen?.message) ?? undefined}
              />
            )}
          />
        </SimpleGrid>
        <FormActions onCancel={onCancel} saving={isSubmitting} />
      </Stack>
    </form>
  );
}
