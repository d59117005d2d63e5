import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { ACCOUNT_MESSAGES, fullName, PERSONAL_DATA_FORMATS, PERSONAL_DATA_MESSAGES } from '@tht/contracts';
import { Button, downloadPersonalData, errorMessageOf, useAuthActions, useCurrentUser, useToast } from '@tht/ui';

// The dialog (and the zod schema it validates with) loads when it is first opened.
const ProfileDialog = lazy(() => import('./ProfileDialog'));
const SecondFactorDialog = lazy(() => import('./SecondFactorDialog'));

const Anchor = styled.div`
  position: relative;
`;

const Popover = styled.div`
  position: absolute;
  right: 0;
  top: calc(100% + 4px);
  z-index: 50;
  min-width: 16rem;
  padding: ${({ theme }) => theme.spacing(2)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.medium};
  box-shadow: ${({ theme }) => theme.shadows.overlay};
`;

const Identity = styled.div`
  padding: ${({ theme }) => theme.spacing(2)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  margin-bottom: ${({ theme }) => theme.spacing(1)};
  & p { margin: 0; }
`;

const MenuTitle = styled.p`
  font-weight: 700;
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: 0.875rem;
`;

const MenuItem = styled.button`
  display: block;
  width: 100%;
  padding: ${({ theme }) => theme.spacing(2)};
  border: none;
  border-radius: ${({ theme }) => theme.radii.small};
  background: none;
  font: inherit;
  text-align: left;
  cursor: pointer;
  &:hover, &:focus { background: ${({ theme }) => theme.colors.subtle}; }
`;

type Item = { label: string; select: () => void };

/**
 * The signed-in user's menu: a button showing their name that opens a `menu` titled My Account
 * with their identity and the items Edit Profile, Reset Password (only for an account that signs in
 * with a password), Two-step sign-in (an administrator with a password), Download my data (JSON
 * and CSV: everything held about them), Sign out (this device) and Sign out everywhere.
 */
export function AccountMenu() {
  const { user, session } = useCurrentUser();
  const { logout, logoutEverywhere } = useAuthActions();
  const { showToast } = useToast();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [profileOpen, setProfileOpen] = useState(false);
  const [secondFactorOpen, setSecondFactorOpen] = useState(false);
  const titleId = useId();
  const menuId = useId();
  const anchorRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLButtonElement | null>>([]);

  useEffect(() => {
    if (!open) return;
    itemRefs.current[0]?.focus();
    function closeOnOutsideClick(event: MouseEvent) {
      if (!anchorRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('mousedown', closeOnOutsideClick);
    return () => document.removeEventListener('mousedown', closeOnOutsideClick);
  }, [open]);

  if (!user) return null;

  async function signOut(end: () => Promise<void>, done: { title: string; description: string }) {
    try {
      await end();
      showToast(done);
    } catch (error) {
      showToast({ title: 'Logout failed', description: errorMessageOf(error, 'Logout failed'), variant: 'destructive' });
    }
  }

  const items: Item[] = [
    { label: 'Edit Profile', select: () => setProfileOpen(true) },
    ...(session?.passwordSignIn ? [{ label: 'Reset Password', select: () => void navigate('/auth?tab=reset') }] : []),
    ...(session?.passwordSignIn && user.role === 'admin'
      ? [{ label: 'Two-step sign-in', select: () => setSecondFactorOpen(true) }]
      : []),
    ...PERSONAL_DATA_FORMATS.map((format) => ({
      label: PERSONAL_DATA_MESSAGES.downloadAs(format),
      select: () => downloadPersonalData(user.id, format),
    })),
    { label: 'Sign out', select: () => void signOut(logout, { title: 'Logged out', description: ACCOUNT_MESSAGES.loggedOut }) },
    {
      label: 'Sign out everywhere',
      select: () =>
        void signOut(logoutEverywhere, { title: 'Signed out everywhere', description: ACCOUNT_MESSAGES.signedOutEverywhere }),
    },
  ];

  function closeMenu() {
    setOpen(false);
    triggerRef.current?.focus();
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const focusedIndex = itemRefs.current.findIndex((item) => item === document.activeElement);
    const moves: Record<string, number> = {
      ArrowDown: (focusedIndex + 1) % items.length,
      ArrowUp: (focusedIndex - 1 + items.length) % items.length,
      Home: 0,
      End: items.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      itemRefs.current[moves[event.key] ?? 0]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      closeMenu();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  const name = fullName(user);
  return (
    <Anchor ref={anchorRef}>
      <Button
        ref={triggerRef}
        $variant="secondary"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {name}
      </Button>
      {open && (
        <Popover>
          <Identity>
            <MenuTitle id={titleId}>My Account</MenuTitle>
            <p>{name}</p>
            <Muted>{user.email}</Muted>
            <Muted>Role: {user.role}</Muted>
          </Identity>
          <div role="menu" id={menuId} aria-labelledby={titleId} onKeyDown={onMenuKeyDown}>
            {items.map((item, index) => (
              <MenuItem
                key={item.label}
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  setOpen(false);
                  triggerRef.current?.focus();
                  item.select();
                }}
              >
                {item.label}
              </MenuItem>
            ))}
          </div>
        </Popover>
      )}
      {profileOpen && (
        <Suspense fallback={null}>
          <ProfileDialog onClose={() => setProfileOpen(false)} />
        </Suspense>
      )}
      {secondFactorOpen && (
        <Suspense fallback={null}>
          <SecondFactorDialog onClose={() => setSecondFactorOpen(false)} />
        </Suspense>
      )}
    </Anchor>
  );
}
