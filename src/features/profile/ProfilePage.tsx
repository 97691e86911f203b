import {
  Avatar,
  Button,
  Card,
  chakra,
  Heading,
  HStack,
  Input,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { Upload } from 'lucide-react';
import { type ComponentProps, type ReactNode, useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';
import {
  LANGUAGES,
  type Language,
  MAX_AVATAR_BYTES,
  NOTIFICATION_PREFERENCES,
} from '../../../contract/constants';

import { MSG } from '../../../contract/messages';
import {
  PasswordChangeRequestSchema,
  type ProfileUpdate,
  ProfileUpdateSchema,
} from '../../../contract/schemas/account';
import { formatPhoneNumber } from '../../../contract/schemas/phone';
import type { User } from '../../../contract/schemas/user';
import { isApiRequestError } from '../../data/api/api-error';
import { useDirtyForm } from '../../data/dirty-forms';
import { isLanguage, useActiveLanguage } from '../../data/i18n/i18n';
import { translateServerMessage } from '../../data/i18n/server-messages';
import { useAnimationSettings } from '../../data/preferences/animation-settings';
import { chooseAnimations, chooseLanguage } from '../../data/preferences/user-settings';
import { updateSessionUser, useSession } from '../../data/session/session';
import { FormField } from '../../ui/FormField';
import { reportSaveError } from '../../ui/form-errors';
import { LoadFailure, Loading } from '../../ui/LoadFailure';
import { NeedsConnection } from '../../ui/NeedsConnection';
import { NOTIFICATION_LABELS } from '../../ui/notification-labels';
import { PageTitle } from '../../ui/PageTitle';
import { SelectInput } from '../../ui/SelectInput';
import { showToast } from '../../ui/toaster';
import { changePassword, saveProfile, uploadAvatar, useOwnProfile } from './profile-api';

const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/gif'];
const LANGUAGE_NAMES: Record<Language, string> = { de: 'Deutsch', en: 'English' };

/** `/apps/profile`: the signed-in user's own record. */
export function ProfilePage() {
  const { t } = useLingui();
  const me = useOwnProfile();
  useEffect(() => {
    if (me.status === 'ready') updateSessionUser(me.data);
  }, [me.status, me.data]);
  return (
    <Stack gap="4">
      <PageTitle title={t`My profile`} />
      <NeedsConnection>
        <LoadFailure error={me.status === 'failed' ? me.error : null} />
        {me.status === 'loading' && !me.data && <Loading />}
        {me.data && (
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
            <Section title={t`Personal data`}>
              <ProfileForm user={me.data} />
            </Section>
            <Stack gap="4">
              <Section title={t`Picture`}>
                <AvatarUpload user={me.data} />
              </Section>
              <Section title={t`Language`}>
                <LanguageChoice />
              </Section>
              <Section title={t`Display`}>
                <AnimationsChoice />
              </Section>
              <Section title={t`Change password`}>
                <PasswordForm />
              </Section>
            </Stack>
          </SimpleGrid>
        )}
      </NeedsConnection>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card.Root as="section" aria-labelledby={headingId} size="sm">
      <Card.Body gap="4">
        <Heading as="h2" size="md" id={headingId}>
          {title}
        </Heading>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

type ProfileValues = v.InferInput<typeof ProfileUpdateSchema>;

function ProfileForm({ user }: { user: User }) {
  const { t, i18n } = useLingui();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileValues, unknown, ProfileUpdate>({
    resolver: valibotResolver(ProfileUpdateSchema),
    defaultValues: {
      displayName: user.displayName,
      phoneNumber: formatPhoneNumber(user.phoneNumber),
      notificationPreference: user.notificationPreference,
    },
  });
  useDirtyForm(isDirty);
  const message = (text: string | undefined) => (text ? translateServerMessage(i18n, text) : null);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await saveProfile(values);
      updateSessionUser(saved);
      reset({ ...values, phoneNumber: formatPhoneNumber(saved.phoneNumber) });
      showToast('success', translateServerMessage(i18n, MSG.userUpdated));
    } catch (error) {
      reportSaveError(error, i18n, setError);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="4">
        <FormField id="profile-email" label={t`Email`}>
          <Input value={user.email} readOnly type="email" />
        </FormField>
        <FormField id="profile-name" label={t`Display name`} error={message(errors.displayName?.message)}>
          <Input {...register('displayName')} autoComplete="name" />
        </FormField>
        <FormField id="profile-phone" label={t`Phone number`} error={message(errors.phoneNumber?.message)}>
          <Input {...register('phoneNumber')} type="tel" inputMode="tel" autoComplete="tel" />
        </FormField>
        <FormField
          id="profile-notification"
          label={t`Notification preference`}
          error={message(errors.notificationPreference?.message)}
        >
          <SelectInput
            {...register('notificationPreference')}
            options={NOTIFICATION_PREFERENCES.map((value) => ({
              value,
              label: i18n._(NOTIFICATION_LABELS[value]),
            }))}
          />
        </FormField>
        <Button type="submit" alignSelf="flex-end" loading={isSubmitting}>
          <Trans>Save</Trans>
        </Button>
      </Stack>
    </form>
  );
}

function AvatarUpload({ user }: { user: User }) {
  const { t, i18n } = useLingui();
  const { user: sessionUser } = useSession();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const current = sessionUser?.avatarUrl ?? user.avatarUrl;

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  function choose(chosen: File | undefined) {
    setFile(null);
    setError(null);
    if (!chosen) return;
    if (!AVATAR_TYPES.includes(chosen.type)) {
      setError(translateServerMessage(i18n, MSG.imageTypeInvalid));
      return;
    }
    if (chosen.size > MAX_AVATAR_BYTES) {
      setError(translateServerMessage(i18n, MSG.imageTooLarge));
      return;
    }
    setFile(chosen);
  }

  async function upload() {
    if (!file) return;
    setUploading(true);
    try {
      updateSessionUser(await uploadAvatar(file));
      setFile(null);
      showToast('success', t`Your picture was saved.`);
    } catch (failure) {
      if (!isApiRequestError(failure)) throw failure;
      setError(
        failure.isUnreachable
          ? t`The server cannot be reached. Please check your connection.`
          : translateServerMessage(i18n, failure.body.message),
      );
    } finally {
      setUploading(false);
    }
  }

  return (
    <Stack gap="3">
      <HStack gap="4">
        <Avatar.Root size="2xl" colorPalette="blue">
          <Avatar.Fallback name={user.displayName} />
          {(preview ?? current) && (
            <Avatar.Image src={preview ?? current ?? undefined} alt={t`Your picture`} />
          )}
        </Avatar.Root>
        <Text fontSize="sm" color="fg.muted">
          {preview ? <Trans>Preview: not saved yet.</Trans> : <Trans>JPEG, PNG or GIF, at most 2 MB.</Trans>}
        </Text>
      </HStack>
      <FormField id="profile-avatar" label={t`Choose a picture`} error={error}>
        <Input
          type="file"
          accept=".jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif"
          padding="1"
          onChange={(event) => choose(event.target.files?.[0])}
        />
      </FormField>
      <Button alignSelf="flex-end" disabled={!file} loading={uploading} onClick={() => void upload()}>
        <Upload aria-hidden="true" />
        <Trans>Upload picture</Trans>
      </Button>
    </Stack>
  );
}

function LanguageChoice() {
  const { t } = useLingui();
  const active = useActiveLanguage();
  return (
    <FormField id="profile-language" label={t`Language`}>
      <SelectInput
        value={active}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void chooseLanguage(event.target.value);
        }}
        options={LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
      />
    </FormField>
  );
}

/** docs/spec-texts.md#constants: animations on or off, saved on the user; until he chooses, his device's wish decides. */
function AnimationsChoice() {
  const { choice, enabled } = useAnimationSettings();
  const hintId = useId();
  return (
    <chakra.label
      htmlFor="profile-animations"
      display="flex"
      alignItems="center"
      justifyContent="space-between"
      gap="4"
      cursor="pointer"
    >
      <Stack gap="0.5">
        <Text fontWeight="medium">
          <Trans>Animations</Trans>
        </Text>
        <Text id={hintId} fontSize="sm" color="fg.muted">
          <Trans>Menus, drawers, messages and pages move and fade.</Trans>{' '}
          {choice === undefined && (
            <Trans>Until you choose, your device's reduced-motion setting decides.</Trans>
          )}
        </Text>
      </Stack>
      <SwitchInput
        id="profile-animations"
        checked={enabled}
        aria-describedby={hintId}
        onChange={(event) => chooseAnimations(event.target.checked)}
      />
    </chakra.label>
  );
}

/** A native checkbox drawn as a switch (no Chakra recipe needed), announced as a switch. */
function SwitchInput(props: Omit<ComponentProps<'input'>, 'type' | 'role'>) {
  return <SwitchTrack type="checkbox" role="switch" {...props} />;
}

const SwitchTrack = chakra('input', {
  base: {
    appearance: 'none',
    flexShrink: '0',
    position: 'relative',
    width: '11',
    height: '6',
    borderRadius: 'full',
    bg: 'gray.300',
    cursor: 'pointer',
    transitionProperty: 'background-color',
    transitionDuration: 'var(--app-hover-duration)',
    _checked: { bg: 'blue.solid' },
    _focusVisible: { outline: '2px solid', outlineColor: 'blue.500', outlineOffset: '2px' },
    _before: {
      content: '""',
      position: 'absolute',
      top: '0.5',
      insetStart: '0.5',
      boxSize: '5',
      borderRadius: 'full',
      bg: 'white',
      boxShadow: 'sm',
      transitionProperty: 'transform',
      transitionDuration: 'var(--app-hover-duration)',
    },
    '&:checked::before': { transform: 'translateX(1.25rem)' },
  },
});

type PasswordValues = v.InferOutput<typeof PasswordChangeRequestSchema>;

function PasswordForm() {
  const { t, i18n } = useLingui();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<PasswordValues>({
    resolver: valibotResolver(PasswordChangeRequestSchema),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });
  useDirtyForm(isDirty);
  const message = (text: string | undefined) => (text ? translateServerMessage(i18n, text) : null);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await changePassword(values);
      reset();
      showToast('success', translateServerMessage(i18n, answer.message));
    } catch (error) {
      reportSaveError(error, i18n, setError);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="4">
        <FormField
          id="profile-current-password"
          label={t`Current password`}
          error={message(errors.currentPassword?.message)}
        >
          <Input {...register('currentPassword')} type="password" autoComplete="current-password" />
        </FormField>
        <FormField
          id="profile-new-password"
          label={t`New password`}
          error={message(errors.password?.message)}
        >
          <Input {...register('password')} type="password" autoComplete="new-password" />
        </FormField>
        <FormField
          id="profile-confirm-password"
          label={t`Confirm password`}
          error={message(errors.confirmPassword?.message)}
        >
          <Input {...register('confirmPassword')} type="password" autoComplete="new-password" />
        </FormField>
        <Button type="submit" alignSelf="flex-end" loading={isSubmitting}>
          <Trans>Change password</Trans>
        </Button>
      </Stack>
    </form>
  );
}
