import { createToaster, Portal, Stack, Toast, Toaster } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { TOAST_DURATION_MS } from '../../contract/constants';
import './app-recipes';

/** The message bar of docs/spec-texts.md#constants: top centre, hidden after 2 s. Loaded with the first toast. */
export const toaster = createToaster({
  placement: 'top',
  duration: TOAST_DURATION_MS,
  pauseOnPageIdle: true,
  max: 5,
});

export function ToastView() {
  const { t } = useLingui();
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-type={toast.type}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger aria-label={t`Close`} />}
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
