import { Avatar, Badge, Box, Button, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { ChevronDown, KeyRound, LogOut, PanelLeft, PanelTop, User } from 'lucide-react';
import { NAV_LAYOUTS, type NavLayout } from '../../../contract/constants';
import { isApiRequestError } from '../../data/api/api-error';
import { translateServerMessage } from '../../data/i18n/server-messages';
import { useLayoutSettings } from '../../data/preferences/layout-settings';
import { chooseLayout } from '../../data/preferences/user-settings';
import { planSessionEnd, useSession } from '../../data/session/session';
import { signOut } from '../../data/session/session-services';
import { ROLE_LABELS } from '../../ui/role-labels';
import { showToast } from '../../ui/toaster';

const isNavLayout = (value: string): value is NavLayout => (NAV_LAYOUTS as readonly string[]).includes(value);

/** Who is signed in, and: My profile, Reset password, layout choice, Logout (docs/spec-texts.md#menu-and-screens). */
export function UserMenu() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const { user, claims } = useSession();
  const { navLayout } = useLayoutSettings();
  const role = claims?.role ?? user?.role ?? null;
  const displayName = user?.displayName ?? user?.email ?? '';
  const roleLabel = role ? i18n._(ROLE_LABELS[role]) : t`Guest`;

  // docs/spec-texts.md#menu-and-screens: the password is reset signed out. The link comes by mail
  // only (docs/access.md#sessions): a token alone never sets a new password.
  const startPasswordReset = async () => {
    const email = user?.email;
    if (!email) return;
    const mailConfirm = { redirectTo: `/mail-confirm/${encodeURIComponent(email)}` };
    // The reset ends every session of the user: a request or the socket refused meanwhile must
    // not send him to the login page instead.
    planSessionEnd(mailConfirm);
    try {
      const { requestPasswordReset } = await import('../../features/account/account-api');
      await requestPasswordReset(email);
      const { endServerSession } = await import('../../data/session/auth');
      await endServerSession();
      signOut(mailConfirm);
    } catch (error) {
      planSessionEnd(null);
      showToast(
        'error',
        isApiRequestError(error) && !error.isUnreachable
          ? translateServerMessage(i18n, error.body.message)
          : t`The server cannot be reached. Please check your connection.`,
      );
    }
  };

  const onSelect = ({ value }: { value: string }) => {
    if (value === 'reset-password') {
      void startPasswordReset();
    } else if (value === 'logout') {
      void navigate({ to: '/logout' });
    }
  };

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={onSelect}>
      <Menu.Trigger asChild>
        <Button
          variant="ghost"
          size="sm"
          paddingInline="1.5"
          // Who is signed in, in the name as on the button (WCAG 2.5.3, "Label in Name"); on a
          // phone only the picture shows, and the name still says whose menu it is.
          aria-label={`${t`User menu`}: ${displayName}, ${roleLabel}`}
          height="auto"
          minHeight="9"
        >
          {/* A person, not initials: letters on the button that its name leaves out would not be
              found by someone who says what he sees. */}
          <Avatar.Root size="xs" colorPalette="blue" aria-hidden="true">
            <Avatar.Fallback />
            {user?.avatarUrl && <Avatar.Image src={user.avatarUrl} alt="" />}
          </Avatar.Root>
          <Stack gap="0" align="flex-start" display={{ base: 'none', md: 'flex' }} lineHeight="short">
            <Text fontSize="sm" fontWeight="semibold" maxWidth="40" truncate>
              {displayName}
            </Text>
            {/* A space the flex box does not draw: to tools that read the text (axe) name and role
                stay two words, as in the button's name, instead of one run-together word. */}{' '}
            <Text fontSize="xs" color="fg.muted">
              {roleLabel}
            </Text>
          </Stack>
          <ChevronDown size={14} aria-hidden="true" />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minWidth="14rem">
            <Box paddingX="2" paddingY="1.5">
              <Text fontWeight="semibold" truncate>
                {displayName}
              </Text>
              <Badge size="sm" variant="subtle" colorPalette="blue" marginTop="1">
                {roleLabel}
              </Badge>
            </Box>
            <Menu.Separator />
            <Menu.Item value="profile" asChild>
              <Link to="/apps/profile">
                <User size={16} aria-hidden="true" />
                <Trans>My profile</Trans>
              </Link>
            </Menu.Item>
            <Menu.Item value="reset-password">
              <KeyRound size={16} aria-hidden="true" />
              <Trans>Reset password</Trans>
            </Menu.Item>
            <Menu.Separator />
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>
                <Trans>Layout</Trans>
              </Menu.ItemGroupLabel>
              <Menu.RadioItemGroup
                value={navLayout}
                onValueChange={({ value }) => {
                  if (isNavLayout(value)) chooseLayout({ navLayout: value });
                }}
              >
                <Menu.RadioItem value="vertical">
                  <PanelLeft size={16} aria-hidden="true" />
                  <Trans>Vertical layout</Trans>
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
                <Menu.RadioItem value="horizontal">
                  <PanelTop size={16} aria-hidden="true" />
                  <Trans>Horizontal layout</Trans>
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
              </Menu.RadioItemGroup>
            </Menu.ItemGroup>
            <Menu.Separator />
            <Menu.Item value="logout">
              <LogOut size={16} aria-hidden="true" />
              <Trans>Logout</Trans>
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
