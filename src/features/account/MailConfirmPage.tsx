import { Link, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import { AuthCard } from './AuthCard';

/** `/mail-confirm/:email`: the same words whether the account exists or not (no enumeration). */
export function MailConfirmPage({ email }: { email: string }) {
  const { t } = useLingui();
  return (
    <AuthCard title={t`Confirm your email`}>
      <Stack gap="4">
        <Text role="status">
          <Trans>
            If an account exists for <strong>{email}</strong>, we have sent a link to choose a new password.
            Please check your mailbox; the link is valid for a limited time and works once.
          </Trans>
        </Text>
        <Link asChild colorPalette="blue" color="colorPalette.fg">
          <RouterLink to="/login">
            <Trans>Back to sign in</Trans>
          </RouterLink>
        </Link>
      </Stack>
    </AuthCard>
  );
}
