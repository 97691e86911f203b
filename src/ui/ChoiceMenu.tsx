import { Box, Button, type ButtonProps, chakra } from '@chakra-ui/react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';

interface Choice<T extends string> {
  value: T;
  label: string;
  /** Language of the label, when it is not the page's. */
  lang?: string;
}

interface ChoiceMenuProps<T extends string> {
  /**
   * Name of the menu, and the start of the button's name: the button is named "label: what it
   * shows" (a hidden prefix to its visible text), so the words on it are in its name too
   * (WCAG 2.5.3, "Label in Name"): speech users say what they see.
   */
  label: string;
  choices: Choice<T>[];
  value: T;
  onChange: (value: T) => void;
  children: ReactNode;
  buttonProps?: ButtonProps;
}

/**
 * A small menu button with radio items (WAI-ARIA menu button pattern). It is here instead of
 * Chakra's Menu because it sits on the sign-in page, whose first load has a size budget.
 */
export function ChoiceMenu<T extends string>({
  label,
  choices,
  value,
  onChange,
  children,
  buttonProps,
}: ChoiceMenuProps<T>) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLLIElement | null>>([]);

  useEffect(() => {
    if (!open) return;
    const selected = Math.max(
      0,
      choices.findIndex((choice) => choice.value === value),
    );
    itemRefs.current[selected]?.focus();
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [open, choices, value]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const choose = (next: T) => {
    close();
    if (next !== value) onChange(next);
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = itemRefs.current.filter((item): item is HTMLLIElement => item !== null);
    const current = items.indexOf(document.activeElement as HTMLLIElement);
    const focusAt = (index: number) => items[(index + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focusAt(current + 1);
        break;
      case 'ArrowUp':
        focusAt(current - 1);
        break;
      case 'Home':
        focusAt(0);
        break;
      case 'End':
        focusAt(items.length - 1);
        break;
      case 'Escape':
        close();
        break;
      case 'Tab':
        setOpen(false);
        return;
      case 'Enter':
      case ' ': {
        const choice = choices[current];
        if (choice) choose(choice.value);
        break;
      }
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <Box ref={rootRef} position="relative">
      <Button
        ref={buttonRef}
        variant="ghost"
        size="sm"
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
          }
        }}
        {...buttonProps}
      >
        <chakra.span srOnly>{`${label}: `}</chakra.span>
        {children}
      </Button>
      {open && (
        <chakra.ul
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKeyDown}
          position="absolute"
          insetInlineEnd="0"
          top="calc(100% + 4px)"
          zIndex="dropdown"
          minWidth="10rem"
          margin="0"
          padding="1"
          listStyleType="none"
          bg="bg.panel"
          borderRadius="l2"
          boxShadow="lg"
          borderWidth="1px"
        >
          {choices.map((choice, index) => (
            <chakra.li
              key={choice.value}
              ref={(element: HTMLLIElement | null) => {
                itemRefs.current[index] = element;
              }}
              role="menuitemradio"
              aria-checked={choice.value === value}
              lang={choice.lang}
              tabIndex={-1}
              onClick={() => choose(choice.value)}
              display="flex"
              alignItems="center"
              justifyContent="space-between"
              gap="3"
              paddingX="2"
              paddingY="1.5"
              borderRadius="l1"
              fontSize="sm"
              cursor="pointer"
              _hover={{ bg: 'bg.muted' }}
              _focus={{ bg: 'bg.muted', outline: 'none' }}
              _focusVisible={{ outline: '2px solid', outlineColor: 'blue.500' }}
            >
              {choice.label}
              <Box as="span" aria-hidden="true" visibility={choice.value === value ? 'visible' : 'hidden'}>
                ✓
              </Box>
            </chakra.li>
          ))}
        </chakra.ul>
      )}
    </Box>
  );
}
